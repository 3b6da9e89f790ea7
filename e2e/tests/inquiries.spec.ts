import { INQUIRY_MESSAGES } from '@wms/contract/inquiries';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import { apiClient, DEMO_WAREHOUSES, warehouseNamed } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { waitForQuietNetwork } from '../fixtures/network';
import { DEMO_ORDER_CUSTOMERS, ordersApi } from '../fixtures/orderScreens';
import { expect, test } from '../fixtures/session';

test.describe('inquiries', () => {
  test('a client raises an inquiry from an order, the manager resolves it, the client reads the answer without the assignee', async ({
    page,
    request,
    signInAs,
  }) => {
    test.slow();
    const query = `Please check this order again before it ships (${Date.now()}).`;
    await signInAs(DEMO_USERS.client);
    // Validation first, on an empty form.
    await page.goto('/inquiries/create');
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Please select an inquiry type')).toBeVisible();
    await expect(page.getByText('Please enter your inquiry')).toBeVisible();

    // Then from an order's detail: its Create Inquiry link prefills the type and the order.
    const order = await (await ordersApi(request, DEMO_USERS.client)).orderOf(DEMO_ORDER_CUSTOMERS.processing);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('link', { name: 'Create Inquiry' }).click();
    await expect(page).toHaveURL(new RegExp(`/inquiries/create\\?order_number=${order.order_number}`));
    await expect(page.getByRole('combobox', { name: 'Inquiry type' })).toHaveText('Orders');
    await expect(page.getByRole('main').getByRole('combobox', { name: 'Order' })).toHaveValue(
      `${order.order_number} — ${order.customer_name}`,
    );
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
    await page.getByRole('textbox', { name: 'Response' }).fill('Checked again: every item is packed.');
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('Inquiry resolved successfully')).toBeVisible();
    // The dialog (with the typed response) closes before the page shows the answer alone.
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText('Checked again: every item is packed.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'inquiry detail (manager)');

    await signInAs(DEMO_USERS.client);
    await page.goto(url);
    await expect(page.getByText('Checked again: every item is packed.')).toBeVisible();
    await expect(page.getByText('Assigned To')).toHaveCount(0);
    await expect(page.getByText(/assigned/i)).toHaveCount(0);
  });

  test('deleting an inquiry from its page asks first, says it was deleted and returns to the list', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const newark = await warehouseNamed(admin, DEMO_WAREHOUSES.newark);
    const query = `An inquiry to delete (${Date.now()}).`;
    const { data: inquiry } = await admin.post<{ data: { id: number } }>('/inquiries', {
      type: 'general',
      query,
      warehouse_id: newark.id,
    });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/inquiries/${inquiry.id}`);
    await expect(page.getByText(query)).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(INQUIRY_MESSAGES.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/inquiries$/);
    await expect(page.getByRole('heading', { name: 'Inquiries', exact: true, level: 1 })).toBeVisible();
    // Nothing read the deleted inquiry again on the way out (the live stream's change used to refetch its timeline).
    await waitForQuietNetwork(page);
    await expect(page.getByText('Inquiry not found')).toHaveCount(0);
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
