import type { Page } from '@playwright/test';
import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { DEMO_ORDER_CUSTOMERS, ordersApi } from '../fixtures/orderScreens';
import { apiLogin, expect as baseExpect, storeSession, test } from '../fixtures/session';

// These screens wait on several calls; on a loaded shared machine the default 7 s is too tight.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

async function signIn(page: Page, request: Parameters<typeof apiLogin>[0], email: string) {
  const { token, user } = await apiLogin(request, email);
  const api = await apiClient(request, DEMO_USERS.admin);
  const { warehouse, account } = await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
  await storeSession(page, { token, user, warehouse, ...(user.role === 'client' ? { account } : {}) });
}

test.describe('order detail and edit', () => {
  test('staff verify items by scanning SKUs, with feedback for a wrong SKU and an over-scan; un-verify', async ({
    page,
    request,
  }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) => api.orderOf(DEMO_ORDER_CUSTOMERS.scan));
    await signIn(page, request, DEMO_USERS.manager);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shipment Labels' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick Stats' })).toBeVisible();
    const inquiry = page.getByRole('link', { name: 'Create Inquiry' });
    await expect(inquiry).toHaveAttribute(
      'href',
      `/inquiries/create?order_number=${order.order_number}&order_id=${order.order_id}&type=orders`,
    );

    await page.getByRole('button', { name: 'Scan to Verify' }).click();
    const scan = page.getByRole('textbox', { name: 'Scan SKU or barcode' });
    await expect(scan).toBeFocused();
    const feedback = page.getByTestId('scan-feedback');
    await scan.fill('NOT-A-SKU');
    await scan.press('Enter');
    await expect(feedback).toHaveText('No item of this order has the SKU or barcode NOT-A-SKU.');
    await expect(scan).toBeFocused();
    await scan.fill('NW-HAMMOCK');
    await scan.press('Enter');
    await expect(feedback).toContainText('NW-HAMMOCK: 1 of 1 verified');
    await scan.fill('NW-HAMMOCK');
    await scan.press('Enter');
    await expect(feedback).toHaveText('All units of NW-HAMMOCK are already verified.');
    for (const expected of ['NW-LAMP-400: 1 of 2 verified', 'NW-LAMP-400: 2 of 2 verified']) {
      await scan.fill('NW-LAMP-400');
      await scan.press('Enter');
      await expect(feedback).toContainText(expected);
    }
    await expect(page.getByTestId('quick-verified')).toHaveText('3 of 3');
    await page.screenshot(shot('order-detail-scan'));

    await page.getByRole('button', { name: 'Un-verify NW-HAMMOCK' }).click();
    await expect(page.getByText('Item marked as not verified')).toBeVisible();
    await expect(page.getByTestId('quick-verified')).toHaveText('2 of 3');
    await page.getByRole('button', { name: 'Verify NW-HAMMOCK' }).click();
    await expect(page.getByText('Item verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').first()).toBeVisible();
  });

  test('clients see their order without verification controls', async ({ page, request }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) => api.orderOf(DEMO_ORDER_CUSTOMERS.labels));
    await signIn(page, request, DEMO_USERS.client);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Order items' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan to Verify' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Verify / })).toHaveCount(0);
  });

  test('edit: customer, ship date, notes and a quantity; the reservation follows', async ({ page, request }) => {
    const orders = await ordersApi(request, DEMO_USERS.admin);
    const order = await orders.orderOf(DEMO_ORDER_CUSTOMERS.edit);
    const before = await orders.inventoryOf('NW-PAD-UL', order.warehouse.id);
    await signIn(page, request, DEMO_USERS.admin);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Order' })).toBeVisible();
    await page.getByLabel('Customer Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Customer name is required')).toBeVisible();
    await page.getByLabel('Customer Name').fill('Grace Lee-Park');
    await page.getByLabel('Ship Date').fill('2026-12-15');
    await page.getByLabel('Notes').fill('Gift wrap, please');
    await page.getByLabel('Quantity of NW-PAD-UL').fill('2');
    await page.screenshot(shot('order-edit'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Order updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    await expect(page.getByText('Gift wrap, please')).toBeVisible();
    await expect(page.getByText('Grace Lee-Park').first()).toBeVisible();
    const after = await orders.inventoryOf('NW-PAD-UL', order.warehouse.id);
    expect(after.quantity_reserved).toBe(before.quantity_reserved - 1);
  });

  test('phone width: detail without sideways page scroll', async ({ page, request }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) => api.orderOf(DEMO_ORDER_CUSTOMERS.scan));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, DEMO_USERS.admin);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: 'Order Items' })).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.screenshot(shot('order-detail-390'));
  });
});
