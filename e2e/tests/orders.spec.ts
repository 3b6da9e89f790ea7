import type { Page } from '@playwright/test';
import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { DEMO_ORDER_CUSTOMERS, ordersApi, tinyPdf } from '../fixtures/orderScreens';
import { apiLogin, expect as baseExpect, storeSession, test } from '../fixtures/session';

// These screens wait on several calls; on a loaded shared machine the default 7 s is too tight.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

/** An admin working in Newark (the demo orders' warehouse). */
async function adminInNewark(page: Page, request: Parameters<typeof apiLogin>[0]) {
  const { token, user } = await apiLogin(request, DEMO_USERS.admin);
  const api = await apiClient(request, DEMO_USERS.admin);
  const { warehouse } = await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
  await storeSession(page, { token, user, warehouse });
}

const orderRow = (page: Page, customer: string) =>
  page.getByRole('table', { name: 'Orders' }).getByRole('row', { name: new RegExp(customer) });

test.describe('orders list', () => {
  test('jump to date: the list starts at that day, and clearing it shows the newest again', async ({
    page,
    request,
  }) => {
    await adminInNewark(page, request);
    await page.goto('/orders');
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.scan)).toBeVisible();
    // Newest first: a day before every demo order leaves nothing on or before it.
    await page.getByLabel('Jump to date').fill('2000-01-01');
    await expect(page).toHaveURL(/jump_to=2000-01-01/);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.scan)).toHaveCount(0);
    await page.getByLabel('Jump to date').fill('');
    await expect(page).not.toHaveURL(/jump_to=/);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.scan)).toBeVisible();
  });

  test('stat cards, filters in the URL, Clear, and the 7-day archive rule', async ({ page, request }) => {
    await adminInNewark(page, request);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders Management' })).toBeVisible();
    await expect(page.getByTestId('stat-total_orders')).toHaveText(/^\d+$/);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.scan)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Order' })).toHaveAttribute('href', '/orders/create');
    await expect(page.getByRole('main').getByRole('link', { name: 'Order Drafts' })).toHaveAttribute(
      'href',
      '/bulk-order-drafts',
    );
    await page.screenshot(shot('orders-list'));

    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Processing', exact: true }).click();
    await expect(page).toHaveURL(/status=Processing/);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.processing)).toBeVisible();
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.scan)).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).not.toHaveURL(/status=/);
    await page.getByRole('combobox', { name: 'Account', exact: true }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.lumen }).click();
    await expect(page).toHaveURL(/account=\d+/);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.processing)).toBeVisible();
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.scan)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();

    // Shipped 2 days ago: still listed; shipped 12 days ago (in Dallas; the list is Newark's anyway): not here.
    await page.getByRole('textbox', { name: 'Search' }).fill(DEMO_ORDER_CUSTOMERS.recentlyShipped);
    await expect(page).toHaveURL(/search=Priya/);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.recentlyShipped)).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill(DEMO_ORDER_CUSTOMERS.archived);
    await expect(page).toHaveURL(/search=Daniel/);
    await expect(page.getByText('No orders match your filters')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(DEMO_ORDER_CUSTOMERS.archived);
  });

  test('inline status: unverified is refused before asking; verified asks first, cancel keeps the old value, then ships once', async ({
    page,
    request,
  }) => {
    const orders = await ordersApi(request, DEMO_USERS.admin);
    const order = await orders.orderOf(DEMO_ORDER_CUSTOMERS.shipInline);
    await adminInNewark(page, request);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.shipInline)}`);
    const select = page.getByRole('combobox', { name: `Status of order ${order.order_number}` });
    await expect(select).toHaveText('Pending');

    // Unverified: the reason shows instead of the "cannot be undone" question.
    const dialog = page.getByRole('dialog', { name: 'Mark order as shipped?' });
    await select.click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    const refusal = page.getByRole('dialog', { name: 'This order cannot ship yet' });
    await expect(refusal).toContainText('Cannot ship order: All order items must be verified first by a manager');
    await expect(dialog).toHaveCount(0);
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(select).toHaveText('Pending');

    await orders.verifyAll(order);
    await page.reload();
    await select.click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    await expect(dialog).toContainText('cannot be undone');
    await expect(dialog).toContainText('deduct');
    await page.screenshot(shot('orders-ship-confirm'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(select).toHaveText('Pending');

    const before = await orders.inventoryOf('NW-LAMP-400', order.warehouse.id);
    await select.click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await expect(page.getByText('Order status updated successfully')).toBeVisible();
    await expect(select).toHaveText('Shipped');
    await expect(select).toBeDisabled();
    const after = await orders.inventoryOf('NW-LAMP-400', order.warehouse.id);
    expect(after.quantity_on_hand).toBe(before.quantity_on_hand - 2);
    expect(after.quantity_reserved).toBe(before.quantity_reserved - 2);

    // Other statuses: no confirmation, the row follows.
    const other = await orders.orderOf(DEMO_ORDER_CUSTOMERS.labels);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.labels)}`);
    const otherSelect = page.getByRole('combobox', { name: `Status of order ${other.order_number}` });
    await otherSelect.click();
    await page.getByRole('option', { name: 'Urgent', exact: true }).click();
    await expect(page.getByText('Order status updated successfully')).toBeVisible();
    await expect(otherSelect).toHaveText('Urgent');
    // One control: the chip in the row is the selector itself.
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.labels).getByText('Urgent', { exact: true })).toHaveCount(1);
  });

  test('merge selected orders; the merge row expands to children that cannot be selected', async ({
    page,
    request,
  }) => {
    const orders = await ordersApi(request, DEMO_USERS.admin);
    const a = await orders.orderOf(DEMO_ORDER_CUSTOMERS.mergeA);
    const b = await orders.orderOf(DEMO_ORDER_CUSTOMERS.mergeB);
    const title = `${uniqueTag('Mg')} Tuesday pickup`;
    await adminInNewark(page, request);
    await page.goto('/orders');
    await page.getByRole('checkbox', { name: `Select order ${a.order_number}` }).check();
    await page.getByRole('checkbox', { name: `Select order ${b.order_number}` }).check();
    await expect(page.getByText('2 orders selected')).toBeVisible();
    await page.getByRole('button', { name: 'Merge Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge Orders' });
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(page.getByText(/Merge item created successfully|merged/i).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const mergeRow = page.getByTestId('merge-item-row').filter({ hasText: title });
    await expect(mergeRow).toBeVisible();
    await expect(mergeRow).toContainText('2 orders');
    await expect(page.getByRole('checkbox', { name: `Select order ${a.order_number}` })).toHaveCount(0);
    await mergeRow.getByRole('button', { name: `Show orders of ${title}` }).click();
    const children = page.getByTestId('merged-order-row');
    await expect(children.filter({ hasText: a.order_number })).toBeVisible();
    await expect(children.filter({ hasText: b.order_number })).toBeVisible();
    await children.first().getByLabel('This order is already merged').hover();
    await expect(page.getByRole('tooltip', { name: 'This order is already merged' })).toBeVisible();
    await page.screenshot(shot('orders-merge-expanded'));

    const download = page.waitForEvent('download');
    await mergeRow
      .getByRole('button', { name: 'Download PDF' })
      .click()
      .catch(() => undefined);
    // Without an uploaded PDF and without labels there may be nothing to combine: either a file or a clear notice.
    await Promise.race([
      download.then((file) => expect(file.suggestedFilename()).toMatch(/^merge-item-\d+\.pdf$/)),
      expect(page.getByText(/no PDF|Failed to download PDF/)).toBeVisible(),
    ]);
  });

  test('labels: upload a PDF, then download it; delete a pending order after confirming', async ({ page, request }) => {
    const orders = await ordersApi(request, DEMO_USERS.admin);
    const order = await orders.orderOf(DEMO_ORDER_CUSTOMERS.labels);
    await adminInNewark(page, request);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.labels)}`);
    await expect(page.getByRole('button', { name: `Download labels of ${order.order_number}` })).toHaveCount(0);
    await page.getByRole('button', { name: `Upload label for ${order.order_number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Label name is required')).toBeVisible();
    await expect(dialog.getByText('Please fill in required fields and select a file')).toBeVisible();
    const labelName = `UPS ground ${uniqueTag('L')}`;
    await dialog.getByLabel('Label Name').fill(labelName);
    await dialog.getByLabel('Tracking Number').fill('1Z999AA10123456784');
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'label.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await page.screenshot(shot('orders-label-upload'));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Label uploaded successfully')).toBeVisible();

    await page.getByRole('button', { name: `Download labels of ${order.order_number}` }).click();
    const labels = page.getByRole('dialog', { name: /Labels/ });
    await expect(labels).toContainText(labelName);
    const download = page.waitForEvent('download');
    await labels.getByRole('button', { name: `Download ${labelName}` }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await labels.getByRole('button', { name: 'Close' }).click();

    // Delete: pending orders only, after a confirmation.
    const doomed = await orders.orderOf(DEMO_ORDER_CUSTOMERS.delete);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.delete)}`);
    await page.getByRole('button', { name: `Delete ${doomed.order_number}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(confirm).toContainText(doomed.order_number);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Order deleted successfully')).toBeVisible();
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.delete)).toHaveCount(0);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.processing)}`);
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.processing)).toBeVisible();
    await expect(orderRow(page, DEMO_ORDER_CUSTOMERS.processing).getByRole('button', { name: /^Delete/ })).toHaveCount(
      0,
    );
  });

  test('phone width: cards, no sideways page scroll', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminInNewark(page, request);
    await page.goto('/orders');
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.screenshot(shot('orders-list-390'));
  });
});
