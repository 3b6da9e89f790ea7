import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  type ApiClient,
  accountNamed,
  apiClient,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  stockedProduct,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

/**
 * What a floor worker and a client see: a multi-line shipment read honestly in the list and
 * detail, the expiring-soon list as lots to act on, and codes that never break inside themselves on a 390 px phone.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };
const shot = (name: string) => ({ path: `test-results/floor-screens-${name}.png`, fullPage: true });

/** A date `days` from today as YYYY-MM-DD (the server's calendar day is UTC here). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Every code shown as a token (location, lot, SKU, date) lies on one line: a token broken across two lines has two
 * layout boxes. Also that the screen shows the codes the test expects as tokens.
 */
async function expectTokensWhole(page: Page, screen: string, expected: string[]) {
  await settle(page);
  const tokens = await page.locator('[data-token]').evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      // Lines the token's boxes lie on (an ellipsis may split a box on one line; that is not a break).
      .map((element) => ({
        text: element.textContent ?? '',
        lines: new Set(Array.from(element.getClientRects(), (rect) => Math.round(rect.top))).size,
      })),
  );
  expect(
    tokens.filter((token) => token.lines > 1).map((token) => token.text),
    `${screen}: codes broken across lines`,
  ).toEqual([]);
  for (const code of expected) {
    expect(
      tokens.map((token) => token.text),
      `${screen}: ${code} shown as a token`,
    ).toContain(code);
  }
}

/** A fresh storage bin with a long hyphenated code, the kind a phone broke ("A-03-/02-A"). */
async function freshBin(api: ApiClient, warehouseId: number) {
  const { location } = await api.post<{ location: { id: number; code: string } }>(
    `/warehouses/${warehouseId}/locations`,
    { code: uniqueSku('FS-A-03-02'), zone: 'E2EFS', type: 'storage' },
  );
  return location;
}

test.describe('floor screens', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a multi-line shipment: "+N products" and received units in the list; every product and line card in the detail', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const bin = await freshBin(api, dallas.id);
    const products = [];
    for (const name of ['Ridge Tent', 'Trail Stove', 'Camp Lantern']) {
      products.push(await createProduct(api, { sku: uniqueSku('FSHIP'), name, account_id: northwind.id }));
    }
    const lotCode = uniqueSku('CR-2611A');
    const lotted = await api.post<{ data: { id: number; sku: string; name: string } }>('/products', {
      sku: uniqueSku('FSLOT'),
      name: 'Serum Crate',
      account_id: northwind.id,
      track_lots: true,
    });
    const announced = [10, 5, 3, 4];
    const { data: shipment } = await api.post<{ data: { id: number; lines: { id: number }[] } }>('/shipments', {
      account_id: northwind.id,
      warehouse_id: dallas.id,
      lines: [...products, lotted.data].map((product, index) => ({
        product_id: product.id,
        quantity: announced[index],
      })),
    });
    const received = [9, 5, 3, 4];
    await api.post(`/shipments/${shipment.id}/verify`, {
      lines: shipment.lines.map((line, index) => ({
        line_id: line.id,
        received_quantity: received[index],
        ...(index === 0 ? { discrepancy_reason: 'One carton crushed' } : {}),
        putaway: [{ location_id: bin.id, quantity: received[index], ...(index === 3 ? { lot_code: lotCode } : {}) }],
      })),
    });

    // The manager works in Dallas (the header's warehouse), where the shipment arrived.
    const session = await signInAs(DEMO_USERS.manager);
    const warehouses = await api.get<{ data: { id: number }[] }>('/warehouses?per_page=100');
    const header = warehouses.data.find((w) => w.id === dallas.id) as unknown as Parameters<
      typeof storeSession
    >[1]['warehouse'];
    await storeSession(page, { ...session, warehouse: header });
    await page.setViewportSize(DESKTOP);
    await page.goto(`/shipments?search=${products[0]!.sku}`);
    const row = page.getByRole('row').filter({ hasText: products[0]!.sku });
    await expect(row).toContainText('Ridge Tent +3 products', { timeout: 30_000 });
    // The received units once verified (21 of 22 announced), not the announced total alone.
    await expect(row.getByRole('cell').nth(1)).toHaveText('21received of 22');

    await page.goto(`/shipments/${shipment.id}`);
    await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible({ timeout: 30_000 });
    for (const product of [...products, lotted.data]) {
      await expect(page.getByRole('definition').filter({ hasText: product.name })).toHaveText(
        `${product.name} · ${product.sku}`,
      );
    }
    await expect(page.getByRole('table', { name: 'Shipment products' }).getByRole('row')).toHaveCount(5);

    // On a phone: the list card says it too, and the detail's lines are cards, every code whole.
    await page.setViewportSize(PHONE);
    await page.goto(`/shipments?search=${products[0]!.sku}`);
    const card = page.getByTestId('list-card').filter({ hasText: 'Ridge Tent' });
    await expect(card).toContainText('+3 products', { timeout: 30_000 });
    await expect(card).toContainText('21 units received');
    await page.goto(`/shipments/${shipment.id}`);
    await expect(page.getByTestId('shipment-line-card')).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Shipment products' })).toHaveCount(0);
    await expect(page.getByTestId('shipment-line-card').first()).toContainText('10 announced · 9 received');
    await expectTokensWhole(page, 'shipment detail at 390 px', [bin.code, lotCode, products[0]!.sku]);
    await expectNoHorizontalOverflow(page, 'shipment detail at 390 px');
    await expectNoSeriousAxeViolations(page, 'shipment detail at 390 px');
    await page.screenshot(shot('shipment-detail-phone'));
  });

  test('the expiring-soon list shows one line per expiring lot and location, with its date and units', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const expiry = daysFromToday(10);
    const stocked = await stockedProduct(api, {
      prefix: 'FSEXP',
      name: 'Expiring Yoghurt',
      onHand: 8,
      lot: { expiryDate: expiry },
    });
    const lotCode = `${stocked.sku}-L1`;
    const bin = await freshBin(api, stocked.warehouse.id);
    const places = await api.get<{ data: { location: { id: number; code: string }; lot: { id: number } | null }[] }>(
      `/inventories/${stocked.inventory.id}/locations`,
    );
    const unassigned = places.data.find((p) => p.location.code === 'UNASSIGNED')!;
    await api.post(`/inventories/${stocked.inventory.id}/moves`, {
      from_location_id: unassigned.location.id,
      to_location_id: bin.id,
      quantity: 3,
      lot_id: unassigned.lot!.id,
    });

    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/inventories?expiring=30&warehouse=all&search=${stocked.sku}`);
    const table = page.getByRole('table', { name: 'Expiring lots' });
    await expect(table.getByRole('row').filter({ hasText: bin.code })).toContainText(lotCode, { timeout: 30_000 });
    const lines = await table
      .getByRole('row')
      .filter({ hasText: lotCode })
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim())));
    // Product, account, warehouse, lot, expires, location, units.
    expect(lines.map((cells) => [cells[3], cells[4]?.startsWith(expiry), cells[5], cells[6]]).sort()).toEqual(
      [
        [lotCode, true, bin.code, '3'],
        [lotCode, true, 'UNASSIGNED', '5'],
      ].sort(),
    );
    await expectNoSeriousAxeViolations(page, 'expiring lots list');

    await page.setViewportSize(PHONE);
    await page.reload();
    const cards = page.getByTestId('list-card').filter({ hasText: lotCode });
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    await expect(cards.filter({ hasText: bin.code })).toContainText('3 units');
    await expect(cards.filter({ hasText: 'UNASSIGNED' })).toContainText('5 units');
    await expect(cards.first()).toContainText(`expires ${expiry}`);
    await expect(cards.filter({ hasText: bin.code })).toContainText(`Lot ${lotCode} · in ${bin.code}`);
    await expectTokensWhole(page, 'expiring lots at 390 px', [lotCode, bin.code, expiry]);
    await expectNoHorizontalOverflow(page, 'expiring lots at 390 px');
    await expectNoSeriousAxeViolations(page, 'expiring lots at 390 px');
    await page.screenshot(shot('expiring-phone'));
  });

  test('at 390 px, stock by location and count lines never break a code inside itself', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const expiry = daysFromToday(400);
    const stocked = await stockedProduct(api, {
      prefix: 'FSTOK',
      onHand: 6,
      lot: { code: uniqueSku('CR-2611A'), expiryDate: expiry },
    });
    const bin = await freshBin(api, stocked.warehouse.id);
    const places = await api.get<{
      data: { location: { id: number; code: string }; lot: { id: number; code: string } | null }[];
    }>(`/inventories/${stocked.inventory.id}/locations`);
    const lot = places.data[0]!.lot!;
    await api.post(`/inventories/${stocked.inventory.id}/moves`, {
      from_location_id: places.data[0]!.location.id,
      to_location_id: bin.id,
      quantity: 6,
      lot_id: lot.id,
    });
    const { data: count } = await api.post<{ data: { id: number } }>('/cycle-counts', {
      warehouse_id: stocked.warehouse.id,
      scope: 'range',
      from_code: bin.code,
      to_code: bin.code,
    });
    await api.post(`/cycle-counts/${count.id}/lines`, {
      location_code: bin.code,
      code: stocked.sku,
      lot_code: lot.code,
      quantity: 6,
    });

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize(PHONE);
    await page.goto(`/inventories/${stocked.inventory.id}`);
    await expect(page.getByRole('table', { name: 'Stock by location' })).toContainText(bin.code, { timeout: 30_000 });
    await expectTokensWhole(page, 'stock by location at 390 px', [bin.code, lot.code, expiry]);
    await expectNoSeriousAxeViolations(page, 'inventory detail at 390 px');
    await page.screenshot(shot('stock-by-location-phone'));

    await page.goto(`/cycle-counts/${count.id}`);
    await expect(page.getByRole('table', { name: 'Count lines' })).toContainText(lot.code, { timeout: 30_000 });
    await expectTokensWhole(page, 'count lines at 390 px', [bin.code, stocked.sku, lot.code]);
    await expectNoSeriousAxeViolations(page, 'count lines at 390 px');
    await page.screenshot(shot('count-lines-phone'));
  });
});
