import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

test.describe('inquiries', () => {
  test('a client raises an inquiry, the manager resolves it, the client reads the answer without the assignee', async ({
    page,
    signInAs,
  }) => {
    test.slow();
    const query = `Please count the pallets of our account again (${Date.now()}).`;
    await signInAs(DEMO_USERS.client);
    await page.goto('/inquiries/create');
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Please select an inquiry type')).toBeVisible();
    await expect(page.getByText('Please enter your inquiry')).toBeVisible();

    await page.getByRole('combobox', { name: 'Inquiry type' }).click();
    await page.getByRole('option', { name: 'Account' }).click();
    await page.getByRole('main').getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Your inquiry' }).fill('Too short');
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Inquiry must be at least 10 characters long')).toBeVisible();
    await page.getByRole('textbox', { name: 'Your inquiry' }).fill(query);
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Inquiry submitted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Inquiry #\d+$/ })).toBeVisible();
    const url = page.url();
    await expect(page.getByText('Assigned To')).toHaveCount(0);

    await signInAs(DEMO_USERS.manager);
    await page.goto('/inquiries?status=open');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Open');
    // The list follows the header's warehouse; the inquiry is in the client's (Newark).
    await page.goto(url);
    await expect(page.getByText(query)).toBeVisible();
    await expect(page.getByText('Assigned To')).toBeVisible();
    // Newark's only manager in the demo data.
    await expect(page.getByText('Maria Gonzalez', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('Please enter a response')).toBeVisible();
    await page.getByRole('textbox', { name: 'Response' }).fill('Counted again: 12 pallets, all in bay 4.');
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('Inquiry resolved successfully')).toBeVisible();
    await expect(page.getByText('Counted again: 12 pallets, all in bay 4.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'inquiry detail (manager)');

    await signInAs(DEMO_USERS.client);
    await page.goto(url);
    await expect(page.getByText('Counted again: 12 pallets, all in bay 4.')).toBeVisible();
    await expect(page.getByText('Assigned To')).toHaveCount(0);
    await expect(page.getByText(/assigned/i)).toHaveCount(0);
  });

  test('the list keeps its filters in the URL and fits a phone', async ({ page, signInAs }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(DEMO_USERS.client);
    await page.goto('/inquiries?type=account&status=resolved');
    await expect(page.getByRole('heading', { name: 'Inquiries', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Account');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Resolved');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/inquiries$/);
    await expectNoHorizontalOverflow(page, 'inquiries list (390 px)');
    await expectNoSeriousAxeViolations(page, 'inquiries list (390 px)');
  });
});
