import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import {
  accountNamed,
  apiClient,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

/**
 * The bell. A manager verifies a client's incoming shipment; the client's bell counts it (after a reload:
 * the live stream is another feature), opening one marks it read and goes to the shipment, "Mark all read" empties
 * the badge; the settings tab and the panel fit a phone.
 */
test.describe('notifications', () => {
  test('the client’s bell shows a verified shipment; opening it marks it read', async ({ page, request, signInAs }) => {
    const client = await apiClient(request, DEMO_USERS.client);
    const manager = await apiClient(request, DEMO_USERS.manager);
    const northwind = await accountNamed(client, DEMO_ACCOUNTS.northwind);
    const newark = await warehouseNamed(client, DEMO_WAREHOUSES.newark);
    const sku = uniqueSku('BELL');
    const product = await createProduct(client, { sku, name: 'Bell Lantern', account_id: northwind.id });
    const announce = () =>
      client.post<{ data: { id: number } }>('/shipments', {
        account_id: northwind.id,
        warehouse_id: newark.id,
        product_id: product.id,
        quantity: 5,
        carrier: 'Local Courier Co.',
        tracking_number: null,
        delivery_date: null,
        notes: null,
      });
    const { data: shipment } = await announce();
    const { data: second } = await announce();
    // Everything before this test is read, so the badge counts this test's notifications only.
    await client.post('/notifications/read-all', {});

    await signInAs(DEMO_USERS.client);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await manager.post(`/shipments/${shipment.id}/verify`, {});
    await manager.post(`/shipments/${second.id}/verify`, {});
    await page.reload();
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    // An unread notification says so in its name (a visually hidden ", unread" after the title).
    const named = (id: number, unread: boolean) =>
      panel.getByRole('button', {
        name: new RegExp(`Shipment #${id} verified${unread ? '\\W*unread' : '(?!\\W*unread)'}`),
      });
    const item = named(shipment.id, true);
    await expect(item).toContainText(`5 × ${sku} received into stock.`);
    await expectNoSeriousAxeViolations(page, 'notifications panel');

    // Opening one marks it read and goes to the shipment.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}$`));
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(named(shipment.id, false)).toBeVisible();
    await expect(named(second.id, true)).toBeVisible();

    // Mark all read empties the badge.
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await expect(named(second.id, false)).toBeVisible();
    await expect(panel.getByRole('button', { name: /\Wunread\W/ })).toHaveCount(0);
    // The pressed button disabled itself: the focus stays in the panel (on its title), so Escape still closes it.
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });

  test('at phone width the settings tab and the bell’s panel fit and pass axe; a switch saves at once', async ({
    page,
    request,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const client = await apiClient(request, DEMO_USERS.client);
    await signInAs(DEMO_USERS.client);
    await page.goto('/setting?tab=notifications');
    const shipped = page.getByRole('switch', { name: 'An order is shipped: in the app' });
    await expect(shipped).not.toBeChecked();
    await shipped.click();
    await expect(page.getByText('Notification settings saved.')).toBeVisible();
    await expect(shipped).toBeChecked();
    await expectNoHorizontalOverflow(page, 'notification settings (phone)');
    await expectNoSeriousAxeViolations(page, 'notification settings (phone)');
    const saved = await client.get<{ data: { kind: string; in_app: boolean }[] }>('/notifications/preferences');
    expect(saved.data.find((p) => p.kind === 'order_shipped')?.in_app).toBe(true);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'notifications panel (phone)');
    await expectNoSeriousAxeViolations(page, 'notifications panel (phone)');
  });
});
