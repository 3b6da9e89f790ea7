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
import { ordersApi } from '../fixtures/orderScreens';
import { apiLogin, expect, storeSession, test } from '../fixtures/session';

test.describe.configure({ timeout: 90_000 });

// The live UI: two people, two browsers, one order; nobody reloads.
test('a manager ships an order and the client’s open order list shows it shipped within 2 s', async ({
  page,
  browser,
  request,
}) => {
  const client = await apiClient(request, DEMO_USERS.client);
  const manager = await apiClient(request, DEMO_USERS.manager);
  const selection = await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
  const sku = uniqueSku('LIVE');
  const customer = `Live Customer ${sku}`;
  const product = await createProduct(client, { sku, name: `Live Lantern ${sku}`, account_id: selection.account.id });
  await createInventory(manager, {
    product_id: product.id,
    warehouse_id: selection.warehouse.id,
    account_id: selection.account.id,
    quantity_on_hand: 5,
  });
  await client.post('/orders/bulk', {
    warehouse_id: selection.warehouse.id,
    orders: [
      {
        account_id: selection.account.id,
        customer_name: customer,
        ship_date: '2026-12-24',
        order_id: sku,
        notes: null,
        products: [{ product_id: product.id, quantity: 2 }],
      },
    ],
  });
  const orders = await ordersApi(request, DEMO_USERS.manager);
  const order = await orders.orderOf(customer);
  await orders.verifyAll(order);

  // The client watches the order list.
  const clientLogin = await apiLogin(request, DEMO_USERS.client);
  await storeSession(page, { ...clientLogin, ...selection });
  await page.goto(`/orders?search=${encodeURIComponent(sku)}`);
  const clientRow = page.getByRole('table', { name: 'Orders' }).getByRole('row', { name: new RegExp(customer) });
  await expect(clientRow).toContainText('Pending');

  // The manager, in a browser of their own, ships it from the same list.
  const managerContext = await browser.newContext();
  try {
    const managerPage = await managerContext.newPage();
    const managerLogin = await apiLogin(request, DEMO_USERS.manager);
    await storeSession(managerPage, { ...managerLogin, warehouse: selection.warehouse });
    await managerPage.goto(`/orders?search=${encodeURIComponent(sku)}`);
    const select = managerPage.getByRole('combobox', { name: `Status of order ${order.order_number}` });
    await select.click();
    await managerPage.getByRole('option', { name: 'Shipped', exact: true }).click();
    await managerPage
      .getByRole('dialog', { name: 'Mark order as shipped?' })
      .getByRole('button', { name: 'Mark as Shipped' })
      .click();
    await expect(managerPage.getByText('Order status updated successfully')).toBeVisible();
    const shippedAt = Date.now();

    await expect(clientRow).toContainText('Shipped', { timeout: 2000 });
    expect(Date.now() - shippedAt).toBeLessThan(2000);
  } finally {
    await managerContext.close();
  }
});
