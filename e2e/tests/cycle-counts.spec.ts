import { CYCLE_COUNT_MESSAGES } from '@wms/contract/cycle-counts';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  type ApiClient,
  accountNamed,
  apiClient,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  stockInABin,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

/** An empty storage bin of the demo layout, made for this test (so no other spec's stock lies in it). */
async function freshBin(api: ApiClient, warehouseId: number): Promise<{ id: number; code: string }> {
  const { location } = await api.post<{ location: { id: number; code: string } }>(
    `/warehouses/${warehouseId}/locations`,
    { code: uniqueSku('CC-BIN'), zone: 'E2ECC', type: 'storage' },
  );
  return location;
}

/** A product of `accountId` received into `binId` of `warehouseId`: one putaway row per lot (or one without). */
async function receiveInto(
  api: ApiClient,
  place: { accountId: number; warehouseId: number; binId: number },
  product: { id: number },
  rows: { units: number; lot_code?: string }[],
) {
  const units = rows.reduce((sum, row) => sum + row.units, 0);
  const { data: shipment } = await api.post<{ data: { id: number; lines: { id: number }[] } }>('/shipments', {
    account_id: place.accountId,
    warehouse_id: place.warehouseId,
    lines: [{ product_id: product.id, quantity: units }],
  });
  await api.post(`/shipments/${shipment.id}/verify`, {
    lines: [
      {
        line_id: shipment.lines[0]!.id,
        received_quantity: units,
        putaway: rows.map((row) => ({ location_id: place.binId, quantity: row.units, lot_code: row.lot_code })),
      },
    ],
  });
}

/**
 * Cycle counts: a blind count with a variance approved. The manager counts on a 390 px phone (scan the
 * bin, scan the product, enter the quantity) without ever seeing the expected quantity, then approves on a desktop
 * where the review table shows expected, counted and variance. Axe on the list, the create dialog, the counting
 * flow and the review.
 */
test.describe('cycle counts', () => {
  test.describe.configure({ timeout: 150_000 });
  test('a blind count with a variance approved', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    // Twelve units in an empty storage bin of the demo layout, and a count of that one bin.
    const {
      warehouse: dallas,
      sku,
      inventory,
      bin,
    } = await stockInABin(api, { prefix: 'COUNT', name: 'Counted Canteen', onHand: 12, inBin: 12, binType: 'storage' });
    const { data: count } = await api.post<{ data: { id: number } }>('/cycle-counts', {
      warehouse_id: dallas.id,
      scope: 'range',
      from_code: bin.code,
      to_code: bin.code,
    });

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/cycle-counts');
    await expect(page.getByRole('link', { name: `Count #${count.id}` })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New count' }).click();
    await expect(page.getByRole('dialog', { name: /New cycle count/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'cycle counts list with the create dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Counting on a phone: blind, one task per screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/cycle-counts/${count.id}`);
    await expect(page.getByRole('textbox', { name: 'Scan location' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Scan location' }).fill(bin.code);
    await page.getByRole('textbox', { name: 'Scan location' }).press('Enter');
    await page.getByRole('textbox', { name: 'Scan product' }).fill(sku);
    await page.getByRole('textbox', { name: 'Scan product' }).press('Enter');
    await page.getByRole('spinbutton', { name: 'Quantity counted' }).fill('10');
    await page.getByRole('button', { name: 'Save count' }).click();
    await expect(page.getByText(`Counted 10 × ${sku} in ${bin.code}`)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toHaveCount(0);
    // Blind: no cell shows the expected 12 (a cell, not the row's text: the generated SKU may contain "12").
    await expect(
      page.getByRole('table', { name: 'Count lines' }).getByRole('cell', { name: '12', exact: true }),
    ).toHaveCount(0);
    await settle(page);
    await expectNoHorizontalOverflow(page, 'counting flow at 390 px');
    await expectNoSeriousAxeViolations(page, 'counting flow at 390 px');
    await page.getByRole('button', { name: 'Finish counting' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finish counting' }).click();
    await expect(page.getByText(CYCLE_COUNT_MESSAGES.submitted)).toBeVisible();

    // Review and approval on a desktop: expected, counted and variance.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toBeVisible({ timeout: 30_000 });
    const line = page.getByRole('table', { name: 'Count lines' }).getByRole('row').filter({ hasText: sku });
    await expect(line).toContainText('12');
    await expect(line).toContainText('10');
    await expect(line).toContainText('-2');
    await expectNoSeriousAxeViolations(page, 'cycle count review');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(CYCLE_COUNT_MESSAGES.approvedMessage)).toBeVisible();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    const after = await api.get<{ data: { quantity_on_hand: number } }>(`/inventories/${inventory.id}`);
    expect(after.data.quantity_on_hand).toBe(10);
  });

  test('creates a count by product and one by account from the dialog, with the right lines', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const peak = await accountNamed(api, DEMO_ACCOUNTS.peak);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const bin = await freshBin(api, dallas.id);
    const ours = await createProduct(api, { sku: uniqueSku('CCP'), name: 'Counted Lantern', account_id: northwind.id });
    const theirs = await createProduct(api, { sku: uniqueSku('CCQ'), name: 'Counted Protein', account_id: peak.id });
    await receiveInto(api, { accountId: northwind.id, warehouseId: dallas.id, binId: bin.id }, ours, [{ units: 4 }]);
    await receiveInto(api, { accountId: peak.id, warehouseId: dallas.id, binId: bin.id }, theirs, [{ units: 3 }]);

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/cycle-counts');
    await page.getByRole('button', { name: 'New count' }).click();
    const dialog = page.getByRole('dialog', { name: /New cycle count/ });
    await dialog.getByRole('combobox', { name: 'What to count' }).click();
    await page.getByRole('option', { name: 'A product' }).click();
    // No product chosen: the API's message shows on the picker.
    await dialog.getByRole('button', { name: 'Create count' }).click();
    await expect(dialog.getByText(CYCLE_COUNT_MESSAGES.productRequired)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Product' }).fill(ours.sku);
    await page.getByRole('option', { name: new RegExp(ours.sku) }).click();
    await expectNoSeriousAxeViolations(page, 'create dialog with the product picker');
    await dialog.getByRole('button', { name: 'Create count' }).click();
    await expect(page.getByRole('heading', { name: /Cycle Count #\d+/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Product ${ours.sku}`)).toBeVisible();
    const productLines = page.getByRole('table', { name: 'Count lines' });
    await expect(productLines.getByRole('row').filter({ hasText: ours.sku })).toContainText(bin.code);
    await expect(productLines).not.toContainText(theirs.sku);

    await page.goto('/cycle-counts');
    await page.getByRole('button', { name: 'New count' }).click();
    await dialog.getByRole('combobox', { name: 'What to count' }).click();
    await page.getByRole('option', { name: 'An account' }).click();
    await dialog.getByRole('button', { name: 'Create count' }).click();
    await expect(dialog.getByText(CYCLE_COUNT_MESSAGES.accountRequired)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.northwind }).click();
    await expectNoSeriousAxeViolations(page, 'create dialog with the account picker');
    await dialog.getByRole('button', { name: 'Create count' }).click();
    await expect(page.getByText(`Account ${DEMO_ACCOUNTS.northwind}`)).toBeVisible({ timeout: 30_000 });
    const accountLines = page.getByRole('table', { name: 'Count lines' });
    await expect(accountLines.getByRole('row').filter({ hasText: ours.sku })).toContainText(bin.code);
    await expect(accountLines).not.toContainText(theirs.sku);
  });

  test('counts each lot of a bin separately on a phone, and a lot found there', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const bin = await freshBin(api, dallas.id);
    const sku = uniqueSku('SERUM');
    const { data: serum } = await api.post<{ data: { id: number } }>('/products', {
      sku,
      name: 'Counted Serum',
      account_id: northwind.id,
      track_lots: true,
    });
    await receiveInto(api, { accountId: northwind.id, warehouseId: dallas.id, binId: bin.id }, serum, [
      { units: 5, lot_code: 'L-A' },
      { units: 7, lot_code: 'L-B' },
    ]);
    const { data: count } = await api.post<{ data: { id: number } }>('/cycle-counts', {
      warehouse_id: dallas.id,
      scope: 'range',
      from_code: bin.code,
      to_code: bin.code,
    });

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/cycle-counts/${count.id}`);
    await page.getByRole('textbox', { name: 'Scan location' }).fill(bin.code);
    await page.getByRole('textbox', { name: 'Scan location' }).press('Enter');
    const countLot = async (choose: () => Promise<void>, quantity: string, lot: string) => {
      await page.getByRole('textbox', { name: 'Scan product' }).fill(sku);
      await page.getByRole('textbox', { name: 'Scan product' }).press('Enter');
      await choose();
      await page.getByRole('spinbutton', { name: 'Quantity counted' }).fill(quantity);
      await page.getByRole('button', { name: 'Save count' }).click();
      await expect(page.getByText(`Counted ${quantity} × ${sku} (lot ${lot}) in ${bin.code}`)).toBeVisible();
    };
    await countLot(
      async () => {
        // The expected lots, codes only (blind), and a field for a lot nobody expected here.
        await expect(page.getByRole('group', { name: 'Lots expected here' }).getByRole('button')).toHaveText([
          'Lot L-A',
          'Lot L-B',
        ]);
        await expect(page.getByRole('textbox', { name: 'Scan lot' })).toBeVisible();
        await settle(page);
        await expectNoHorizontalOverflow(page, 'lot choice at 390 px');
        await expectNoSeriousAxeViolations(page, 'lot choice at 390 px');
        await page.getByRole('button', { name: 'Lot L-A' }).click();
      },
      '5',
      'L-A',
    );
    await countLot(() => page.getByRole('button', { name: 'Lot L-B' }).click(), '6', 'L-B');
    await countLot(
      async () => {
        await page.getByRole('textbox', { name: 'Scan lot' }).fill('L-C');
        await page.getByRole('textbox', { name: 'Scan lot' }).press('Enter');
      },
      '1',
      'L-C',
    );
    const lines = page.getByRole('table', { name: 'Count lines' });
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toHaveCount(0);
    for (const [lot, counted] of [
      ['L-A', '5'],
      ['L-B', '6'],
      ['L-C', '1'],
    ] as const) {
      await expect(lines.getByRole('row').filter({ hasText: lot })).toContainText(counted);
    }

    await page.getByRole('button', { name: 'Finish counting' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finish counting' }).click();
    await expect(page.getByText(CYCLE_COUNT_MESSAGES.submitted)).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toBeVisible({ timeout: 30_000 });
    // Each lot against its own expected quantity: L-B one short, L-C one found, L-A exact.
    await expect(lines.getByRole('row').filter({ hasText: 'L-A' })).toContainText(/5\s*5\s*0/);
    await expect(lines.getByRole('row').filter({ hasText: 'L-B' })).toContainText('-1');
    await expect(lines.getByRole('row').filter({ hasText: 'L-C' })).toContainText('+1');
  });
});
