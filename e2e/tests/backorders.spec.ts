import {
  apiClient,
  createInventory,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  selectionFor,
  uniqueSku,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect as baseExpect, storeSession, test } from '../fixtures/session';

// The detail and list wait on several calls; on a loaded shared machine the default 7 s is too tight.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

interface CreatedOrder {
  id: number;
  order_number: string;
}

test.describe('backorders', () => {
  test('an order short of stock shows it and is under the Short filter; once stock arrives it no longer is', async ({
    page,
    request,
    signInAs,
  }) => {
    const client = await apiClient(request, DEMO_USERS.client);
    const manager = await apiClient(request, DEMO_USERS.manager);
    const selection = await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
    const sku = uniqueSku('BO');
    const customer = `Backorder Customer ${sku}`;
    const product = await createProduct(client, {
      sku,
      name: `Backorder Lantern ${sku}`,
      account_id: selection.account.id,
    });
    const inventory = await createInventory(manager, {
      product_id: product.id,
      warehouse_id: selection.warehouse.id,
      account_id: selection.account.id,
      quantity_on_hand: 2,
    });
    // 5 ordered, 2 available: 3 on backorder.
    const created = await client.post<{ data: CreatedOrder[] }>('/orders/bulk', {
      warehouse_id: selection.warehouse.id,
      orders: [
        {
          account_id: selection.account.id,
          customer_name: customer,
          ship_date: '2026-12-24',
          order_id: sku,
          notes: null,
          products: [{ product_id: product.id, quantity: 5 }],
        },
      ],
    });
    const order = created.data[0]!;

    const session = await signInAs(DEMO_USERS.client);
    await storeSession(page, { ...session, ...selection });
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row', { name: new RegExp(customer) });

    // The list's Backorder filter, kept in the URL like the others.
    await page.goto(`/orders?search=${encodeURIComponent(sku)}`);
    await expect(row).toBeVisible();
    await page.getByRole('combobox', { name: 'Backorder', exact: true }).click();
    await page.getByRole('option', { name: 'Short (backorder)' }).click();
    await expect(page).toHaveURL(/short=true/);
    await expect(row).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Backorder', exact: true })).toHaveText('Short (backorder)');
    await expect(row).toBeVisible();

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    const item = page.getByTestId('order-item-row').filter({ hasText: sku });
    await expect(item).toContainText('3 short');

    // Stock arrives (the manager adjusts on hand up by 10): the order takes what it lacks in the same request.
    await manager.post(`/inventories/${inventory.id}/adjust`, {
      type: 'on_hand',
      quantity_change: 10,
      reason: 'Pallet found in receiving',
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    await expect(item).toBeVisible();
    await expect(item).not.toContainText('short');
    await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText(
      `Backorder of ${order.order_number} filled`,
    );

    await page.goto(`/orders?short=true&search=${encodeURIComponent(sku)}`);
    await expect(page.getByText('No orders match your filters')).toBeVisible();
    await page.getByRole('combobox', { name: 'Backorder', exact: true }).click();
    await page.getByRole('option', { name: 'Not short' }).click();
    await expect(page).toHaveURL(/short=false/);
    await expect(row).toBeVisible();
  });
});
