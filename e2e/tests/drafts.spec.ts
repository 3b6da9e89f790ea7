import { expectNoSeriousAxeViolations } from '../fixtures/audit';
import { fillSection, setUpOrderClient } from '../fixtures/orders';
import { expect, test } from '../fixtures/session';

test.describe('bulk order drafts', () => {
  test.describe.configure({ timeout: 90_000 });

  test('saves and loads a draft with the leave warning, then converts it from its card', async ({
    page,
    signInAs,
    request,
  }) => {
    const { plenty, prefix } = await setUpOrderClient(page, signInAs, request);
    await page.goto('/orders/create');
    await page.getByLabel('Draft title').fill(`Draft ${prefix}`);
    await fillSection(page, 1, `${prefix}-D1`, plenty.sku);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // In-app navigation asks first; staying keeps the work.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave this page?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/orders\/create/);

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Draft saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/draft_id=\d+/);
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    const url = page.url();

    // A browser leave warning while unsaved.
    await page.getByLabel('Draft description').fill('changed');
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.type());
      await dialog.accept();
    });
    await page.reload();
    expect(dialogs).toContain('beforeunload');

    // The reload opens the saved draft again from its address.
    expect(page.url()).toBe(url);
    await expect(page.getByText('Draft loaded successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order 1' }).getByLabel('Order Id')).toHaveValue(`${prefix}-D1`);

    await page.getByRole('button', { name: 'New Draft' }).click();
    await expect(page.getByText('Started new draft')).toBeVisible();

    await page.goto('/bulk-order-drafts');
    const card = page.getByRole('article', { name: `Draft ${prefix}` });
    await expect(card.getByText('Orders: 1')).toBeVisible();
    await card.getByRole('button', { name: 'Convert' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert draft to orders' });
    await convert.getByRole('button', { name: 'Convert' }).click();
    await expect(convert.getByText('Successfully created 1 order')).toBeVisible();
    await convert.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('article', { name: `Draft ${prefix}` })).toBeHidden();
  });

  test('the drafts page fits a phone screen and passes axe', async ({ page, signInAs, request }) => {
    await setUpOrderClient(page, signInAs, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/bulk-order-drafts');
    await expect(page.getByRole('heading', { name: 'Bulk Order Drafts' })).toBeVisible();
    await expect(page.getByText('Total Drafts')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'bulk-order-drafts (phone)');
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Import Spreadsheet' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Orders' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'import orders dialog (phone)');
  });
});
