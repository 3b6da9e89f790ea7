import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, someShipperId } from '../fixtures/audit';
import {
  type ApiClient,
  apiClient,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  selectionFor,
  stockedProduct,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { ordersApi, tinyPdf } from '../fixtures/orderScreens';
import { expect as baseExpect, type SignedIn, storeSession, test } from '../fixtures/session';
import { scan } from '../fixtures/waves';

// Several users and screens per test on a shared machine: the default 7 s is too tight.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });

interface World {
  sku: string;
  inventoryId: number;
  warehouse: { id: number; name: string };
  order: { id: number; order_number: string };
  bin: string;
  quarantine: string;
  tracking: string;
  returnId: number;
  rma: string;
}
let world: World;

/** A location of its own in the warehouse, made by the manager. */
const location = async (manager: ApiClient, warehouseId: number, type: 'storage' | 'quarantine') =>
  (
    await manager.post<{ location: { code: string } }>(`/warehouses/${warehouseId}/locations`, {
      code: uniqueSku(type === 'storage' ? 'RMA-BIN' : 'RMA-QC'),
      zone: 'RMA',
      type,
    })
  ).location.code;

/** Signs in as `email` with Northwind / Dallas as the header's selection. */
async function signedIn(page: Page, signInAs: (email: string) => Promise<SignedIn>, email: string, api: ApiClient) {
  const session = await signInAs(email);
  const selection = await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.dallas);
  await storeSession(
    page,
    email === DEMO_USERS.client ? { ...session, ...selection } : { ...session, warehouse: selection.warehouse },
  );
}

test.describe('returns (RMA)', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const manager = await apiClient(request, DEMO_USERS.manager);
    // A fresh Northwind product, 8 in Dallas; an order of 3 of it, verified and shipped.
    const stocked = await stockedProduct(admin, { prefix: 'RMA', onHand: 8 });
    const shipperId = await someShipperId(request, admin.token);
    const code = uniqueSku('RMA')
      .replace(/[^A-Z0-9]/g, '')
      .slice(-10);
    const created = await admin.post<{ data: { id: number; order_number: string }[] }>('/orders/bulk', {
      warehouse_id: stocked.warehouse.id,
      orders: [
        {
          account_id: stocked.northwind.id,
          shipper_id: shipperId,
          customer_name: `Return Customer ${code}`,
          ship_date: new Date().toISOString().slice(0, 10),
          order_id: code,
          notes: null,
          products: [{ product_id: stocked.product.id, quantity: 3 }],
        },
      ],
    });
    const orders = await ordersApi(request, DEMO_USERS.admin);
    const order = created.data[0]!;
    const detail = await admin.get<{ data: Parameters<typeof orders.verifyAll>[0] }>(`/orders/${order.id}`);
    await orders.verifyAll(detail.data);
    await orders.setStatus(order.id, 'shipped');
    const warehouse = await warehouseNamed(admin, DEMO_WAREHOUSES.dallas);
    world = {
      sku: stocked.sku,
      inventoryId: stocked.inventory.id,
      warehouse,
      order,
      bin: await location(manager, warehouse.id, 'storage'),
      quarantine: await location(manager, warehouse.id, 'quarantine'),
      tracking: `1Z${code}`,
      returnId: 0,
      rma: '',
    };
  });

  test('a client announces 2 of 3 units; a manager receives them on the phone; stock and the client see it', async ({
    page,
    request,
    signInAs,
  }) => {
    const client = await apiClient(request, DEMO_USERS.client);
    await signedIn(page, signInAs, DEMO_USERS.client, client);

    // From the shipped order's page: Announce return.
    await page.goto(`/orders/${world.order.id}`);
    await page.getByRole('link', { name: 'Announce return' }).click();
    await expect(page.getByRole('heading', { name: 'Announce return' })).toBeVisible();
    await expect(page.getByText('3 shipped · 3 can still be returned')).toBeVisible();
    // More than shipped: the server's field error lands on the line's field.
    await page.getByRole('spinbutton', { name: `Units of ${world.sku}` }).fill('4');
    await page.getByRole('button', { name: 'Announce return' }).click();
    await expect(page.getByText('At most 3 units of this line can still be returned')).toBeVisible();
    await page.getByRole('spinbutton', { name: `Units of ${world.sku}` }).fill('2');
    await page.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
    await page.getByRole('textbox', { name: 'Tracking number' }).fill(world.tracking);
    await shot(page, 'returns-announce-1440');
    await page.getByRole('button', { name: 'Announce return' }).click();
    const heading = page.getByRole('heading', { name: /^Return RMA-\d+$/ });
    await expect(heading).toBeVisible();
    world.rma = ((await heading.textContent()) ?? '').replace('Return ', '');
    world.returnId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('return-status')).toHaveText('Announced');

    // The manager, on a 390 px phone, scans the parcel's tracking number.
    const manager = await apiClient(request, DEMO_USERS.manager);
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, signInAs, DEMO_USERS.manager, manager);
    await page.goto('/returns/receive');
    await scan(page, 'Scan RMA, order or tracking number', world.tracking);
    const line = page.getByTestId(`receive-line-${world.sku}`);
    await expect(line).toBeVisible();
    // 1 restocked into a bin, 1 into quarantine (Split adds the second part).
    await line.getByRole('spinbutton', { name: 'Units 1' }).fill('1');
    await line.getByRole('textbox', { name: 'Scan bin 1' }).fill(world.bin);
    await line.getByRole('button', { name: 'Split' }).click();
    await line.getByRole('spinbutton', { name: 'Units 2' }).fill('1');
    await line.getByRole('textbox', { name: 'Scan quarantine location 2' }).fill(world.quarantine);
    await expect(line.getByTestId('line-total')).toHaveText('2 of 2 back');
    await expectNoSeriousAxeViolations(page, 'receive returns at 390px');
    await expectNoHorizontalOverflow(page, 'receive returns at 390px');
    await shot(page, 'returns-receive-390');
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `${world.rma} received: 2 units` })).toBeVisible();

    // Inventory: 8 − 3 shipped + 2 back = 7 on hand, 1 of them quarantined.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/inventories/${world.inventoryId}`);
    const stat = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect(stat('On Hand')).toHaveText('7');
    await expect(stat('Quarantined')).toHaveText('1');

    // The client sees the return received, what came back of the line and its (zero) discrepancy.
    await signedIn(page, signInAs, DEMO_USERS.client, client);
    await page.goto(`/returns/${world.returnId}`);
    await expect(page.getByRole('heading', { name: `Return ${world.rma}` })).toBeVisible();
    await expect(page.getByTestId('return-status')).toHaveText('Received');
    const row = page.getByRole('table', { name: 'Return lines' }).getByRole('row').nth(1);
    await expect(row).toContainText(`1 restocked (${world.bin})`);
    await expect(row).toContainText(`1 quarantine (${world.quarantine})`);
    await expect(row.getByTestId('line-discrepancy')).toHaveText('0');
    await expect(page.getByRole('list', { name: 'Return timeline' })).toContainText(`Return ${world.rma} received`);
    await expectNoSeriousAxeViolations(page, 'return detail');
    await shot(page, 'returns-detail-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, 'return detail at 390px');
    await shot(page, 'returns-detail-390');

    // The list: the stat cards and the search by RMA.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/returns?search=${world.rma}`);
    await expect(page.getByRole('table', { name: 'Returns' }).getByRole('link', { name: world.rma })).toBeVisible();
    await shot(page, 'returns-list-1440');
  });

  test('a manager releases the quarantined unit: disposed of, and the return closes', async ({
    page,
    request,
    signInAs,
  }) => {
    const manager = await apiClient(request, DEMO_USERS.manager);
    await signedIn(page, signInAs, DEMO_USERS.manager, manager);
    await page.goto(`/returns/${world.returnId}`);
    await page.getByRole('button', { name: 'Release 1' }).click();
    const dialog = page.getByRole('dialog', { name: /Release .* from quarantine/ });
    await dialog.getByRole('radio', { name: 'Dispose of them' }).check();
    await dialog.getByRole('button', { name: 'Release' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('return-status')).toHaveText('Closed');
    await page.goto(`/inventories/${world.inventoryId}`);
    const stat = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect(stat('On Hand')).toHaveText('6');
    await expect(stat('Quarantined')).toHaveText('0');
  });

  test('a client cancels an announced return of the unit left', async ({ page, request, signInAs }) => {
    const client = await apiClient(request, DEMO_USERS.client);
    const items = await client.get<{ data: { order_items: { id: number }[] } }>(`/orders/${world.order.id}`);
    const announced = await client.post<{ data: { id: number; rma_number: string } }>('/returns', {
      order_id: world.order.id,
      lines: [{ order_item_id: items.data.order_items[0]!.id, quantity: 1, reason: 'other', reason_text: 'Too big' }],
    });
    await signedIn(page, signInAs, DEMO_USERS.client, client);
    await page.goto(`/returns/${announced.data.id}`);
    await expect(page.getByText('Too big')).toBeVisible();
    // The label PDF added after announcing (once): its download link replaces the upload.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'return-label.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(page.getByRole('button', { name: 'Download label' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Return timeline' })).toContainText('Return label return-label.pdf');
    await page.getByRole('button', { name: 'Cancel return' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel return' }).click();
    await expect(page.getByTestId('return-status')).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel return' })).toHaveCount(0);
    // A parcel of this order without an RMA: its number finds no return left to receive, and offers the order.
    const manager = await apiClient(request, DEMO_USERS.manager);
    await signedIn(page, signInAs, DEMO_USERS.manager, manager);
    await page.goto('/returns/receive');
    await scan(page, 'Scan RMA, order or tracking number', world.order.order_number);
    await expect(page.getByTestId('scan-feedback')).toContainText('nothing left to receive');
    await expect(
      page.getByRole('link', { name: `Announce a return of order ${world.order.order_number}, then receive it` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Receive as unidentified return' })).toBeVisible();
    // The order's Returns card lists both.
    await signedIn(page, signInAs, DEMO_USERS.client, client);
    await page.goto(`/orders/${world.order.id}`);
    const card = page.getByRole('list', { name: 'Returns of this order' });
    await expect(card.getByRole('link', { name: world.rma })).toBeVisible();
    await expect(card.getByRole('link', { name: announced.data.rma_number })).toBeVisible();
  });
  test('a manager attaches an unidentified parcel to the order it came from', async ({ page, request, signInAs }) => {
    const manager = await apiClient(request, DEMO_USERS.manager);
    const order = await manager.get<{ data: { account: { id: number }; order_items: { product_id: number }[] } }>(
      `/orders/${world.order.id}`,
    );
    const { data: quarantine } = await manager.get<{ data: { id: number }[] }>(
      `/warehouses/${world.warehouse.id}/locations?code=${encodeURIComponent(world.quarantine)}`,
    );
    // A parcel nobody announced: received into quarantine as an unidentified return.
    const parcel = await manager.post<{ data: { id: number; rma_number: string } }>('/returns/unidentified', {
      account_id: order.data.account.id,
      warehouse_id: world.warehouse.id,
      lines: [{ product_id: order.data.order_items[0]!.product_id, quantity: 1, location_id: quarantine[0]!.id }],
    });
    await signedIn(page, signInAs, DEMO_USERS.manager, manager);
    await page.goto(`/returns/${parcel.data.id}`);
    const field = page.getByRole('textbox', { name: 'Order number' });
    await expect(field).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'unidentified return with its attach card at 1366px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, 'unidentified return at 390px');
    await expectNoSeriousAxeViolations(page, 'unidentified return at 390px');
    await field.fill('ORD-NOT-THERE');
    await page.getByRole('button', { name: 'Attach' }).click();
    await expect(page.getByText('Order not found')).toBeVisible();
    await field.fill(world.order.order_number);
    await page.getByRole('button', { name: 'Attach' }).click();
    await expect(page.getByRole('link', { name: world.order.order_number })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Attach to an order' })).toHaveCount(0);

    // The dashboard's Returns card: open returns, units back, and Northwind's return rate.
    await page.goto('/dashboard');
    const card = page
      .getByRole('heading', { name: 'Returns', level: 2 })
      .locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
    await expect(card.getByRole('list', { name: 'Return rate by account' })).toContainText(DEMO_ACCOUNTS.northwind);
    await expect(card.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/returns');
  });
});
