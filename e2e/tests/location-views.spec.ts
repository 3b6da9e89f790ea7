import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  apiClient,
  DEMO_WAREHOUSES,
  stockedProduct,
  stockInABin,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

/**
 * Where stock lies as the other screens show it: a product's page lists its units per warehouse and
 * location; an order's page says which locations to pick each item from (pick bins first, UNASSIGNED last); a
 * location's count history lists the counts that took it; the dashboard's accuracy card shows the counts' figures;
 * a locations spreadsheet is imported all or nothing; the expiring-lots card leads to the lots it counts.
 */
test.describe('stock locations on the product, order, locations and dashboard screens', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the product page lists units per location; the order page says where to pick them', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const {
      northwind,
      warehouse: dallas,
      sku,
      product,
      bin,
    } = await stockInABin(admin, { prefix: 'WHERE', onHand: 12, inBin: 5, binType: 'pick' });
    // 7 ordered: 5 from the pick bin first, the other 2 from UNASSIGNED.
    const created = await admin.post<{ data: { id: number }[] }>('/orders/bulk', {
      warehouse_id: dallas.id,
      orders: [
        {
          account_id: northwind.id,
          customer_name: `Pick Customer ${sku}`,
          ship_date: '2026-12-24',
          order_id: sku,
          notes: null,
          products: [{ product_id: product.id, quantity: 7 }],
        },
      ],
    });

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/products/${product.id}`);
    const places = page.getByRole('table', { name: 'Product locations' });
    await expect(places.getByRole('row').filter({ hasText: bin.code })).toContainText(/DAL-02.*Pick.*5/);
    await expect(places.getByRole('row').filter({ hasText: 'UNASSIGNED' })).toContainText('7');
    await expectNoSeriousAxeViolations(page, 'product detail with locations');

    await page.goto(`/orders/${created.data[0]!.id}`);
    await expect(page.getByText(`${sku} · 7 to pick`)).toBeVisible();
    const picks = page.getByRole('table', { name: `Pick locations of ${sku}` });
    const rows = picks.getByRole('row');
    await expect(rows).toHaveCount(3); // the header, then the bin, then UNASSIGNED
    await expect(rows.nth(1)).toContainText(bin.code);
    await expect(rows.nth(1)).toContainText('5');
    await expect(rows.nth(2)).toContainText('UNASSIGNED');
    await expect(rows.nth(2)).toContainText('2');
    await expectNoSeriousAxeViolations(page, 'order detail with pick locations');
  });

  test("a location's count history and the dashboard's accuracy card show an approved count", async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const {
      warehouse: dallas,
      sku,
      bin,
    } = await stockInABin(admin, { prefix: 'HIST', onHand: 12, inBin: 5, binType: 'storage' });
    const manager = await apiClient(request, DEMO_USERS.manager);
    // A count of the bin finding 4 of the 5 units, finished and approved through the API.
    const { data: count } = await admin.post<{ data: { id: number } }>('/cycle-counts', {
      warehouse_id: dallas.id,
      scope: 'range',
      from_code: bin.code,
      to_code: bin.code,
    });
    await admin.post(`/cycle-counts/${count.id}/lines`, { location_code: bin.code, code: sku, quantity: 4 });
    await admin.post(`/cycle-counts/${count.id}/submit`, {});
    await admin.post(`/cycle-counts/${count.id}/approve`, {});
    const accuracy = await manager.get<{ lines_counted: number; lines_accurate: number; accuracy: number }>(
      '/cycle-counts/accuracy',
    );
    expect(accuracy.lines_counted).toBeGreaterThan(accuracy.lines_accurate);

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/warehouses/${dallas.id}/locations?search=${encodeURIComponent(bin.code)}`);
    await page.getByRole('button', { name: `Count history of ${bin.code}` }).click();
    const history = page.getByRole('dialog', { name: `Count history — ${bin.code}` });
    const row = history.getByRole('table', { name: `Counts of ${bin.code}` }).getByRole('row', {
      name: new RegExp(`#${count.id}`),
    });
    await expect(row.getByRole('cell')).toHaveText([`#${count.id}`, 'Approved', /.+/, '1', '1']);
    await expectNoSeriousAxeViolations(page, 'count history of a location');
    await history.getByRole('button', { name: 'Close' }).click();

    await page.goto('/dashboard');
    const card = page.getByRole('link', { name: /Inventory Accuracy/ });
    await expect(card).toContainText(`${(accuracy.accuracy * 100).toFixed(1)}%`);
    await expect(card).toContainText(
      `${accuracy.lines_accurate} of ${accuracy.lines_counted} counted lines right, last 30 days`,
    );
  });

  test('a locations file with a bad row is refused whole, naming the row; a good one is imported', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const dallas = await warehouseNamed(admin, DEMO_WAREHOUSES.dallas);
    const zone = uniqueSku('IMPZ')
      .replace(/[^A-Z0-9]/g, '')
      .slice(-8);
    const csv = (rows: string[]) => ({
      name: 'locations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Code,Zone,Type,Active', ...rows].join('\n')),
    });

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/warehouses/${dallas.id}/locations`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Locations' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(csv([`${zone}-1,${zone},pick,Yes`, `${zone}-2,${zone},attic,Yes`]));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Rows to fix' })).toContainText('Row 3:');
    await expectNoSeriousAxeViolations(page, 'locations import with rows to fix');
    // The shared all-or-nothing import dialog on a phone: the rows to fix readable, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByRole('list', { name: 'Rows to fix' })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'locations import with rows to fix at 390px');
    await expectNoHorizontalOverflow(page, 'locations import with rows to fix at 390px');
    await page.screenshot({ path: 'test-results/locations-import-rows-390.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
    const none = await admin.get<{ meta: { total: number } }>(`/warehouses/${dallas.id}/locations?zone=${zone}`);
    expect(none.meta.total).toBe(0);

    await dialog
      .locator('input[type="file"]')
      .setInputFiles(csv([`${zone}-1,${zone},pick,Yes`, `${zone}-2,${zone},storage,No`]));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('2 locations imported')).toBeVisible();
    await expect(dialog).toBeHidden();
    const imported = await admin.get<{ data: { code: string; type: string; is_active: boolean }[] }>(
      `/warehouses/${dallas.id}/locations?zone=${zone}`,
    );
    expect(imported.data.map((l) => [l.code, l.type, l.is_active])).toEqual([
      [`${zone}-1`, 'pick', true],
      [`${zone}-2`, 'storage', false],
    ]);
  });

  test("the dashboard's expiring lots card counts what the inventory filter lists", async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const expiryDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const { warehouse: dallas, sku } = await stockedProduct(admin, {
      prefix: 'EXPCARD',
      onHand: 4,
      lot: { expiryDate },
    });
    // The card is on the managers' dashboard (the floor's view).
    const manager = await apiClient(request, DEMO_USERS.manager);
    const { data } = await manager.get<{
      data: { inventory: { expiring_soon: { days: number; lots: number; units: number } } };
    }>(`/dashboard?warehouse_id=${dallas.id}`);
    const expiring = data.inventory.expiring_soon;
    expect(expiring.lots).toBeGreaterThan(0);

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    // The dashboard follows the header's warehouse: Dallas, where the lot lies.
    await page.getByRole('combobox', { name: 'Warehouse', exact: true }).click();
    await page.getByRole('option', { name: DEMO_WAREHOUSES.dallas }).click();
    const card = page.getByRole('link', { name: /Lots Expiring Soon/ });
    await expect(card).toContainText(`${expiring.units.toLocaleString('en-US')} units within ${expiring.days} days`);
    await expect(card).toContainText(String(expiring.lots));
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/inventories\\?.*expiring=${expiring.days}`));
    await page.getByRole('textbox', { name: 'Search' }).fill(sku);
    // Filtered by expiry, the list shows one line per expiring lot and location.
    await expect(
      page
        .getByRole('table', { name: 'Expiring lots' })
        .getByRole('row', { name: new RegExp(sku) })
        .first(),
    ).toBeVisible();
  });
});
