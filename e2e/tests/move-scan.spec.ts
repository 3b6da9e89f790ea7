import type { Page } from '@playwright/test';
import { LOCATION_STOCK_MESSAGES, MOVE_SCAN_MESSAGES } from '@wms/contract/location-stock';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import {
  accountNamed,
  apiClient,
  createInventory,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

/** Types a code and Enter into a scan field, the way a keyboard-wedge scanner does. */
async function scan(page: Page, field: string, code: string) {
  const input = page.getByRole('textbox', { name: field });
  await input.fill(code);
  await input.press('Enter');
}

const feedback = (page: Page) => page.getByTestId('scan-feedback');

/**
 * Moves: the phone flow. A manager on a 390 px phone scans the source location, the product's barcode,
 * enters a quantity and scans the target; the server's refusal (more than the source holds) shows in place; the
 * corrected move goes through. axe at 390 px on the flow and on the desktop Move Stock dialog.
 */
test.describe('moving stock by scanning', () => {
  test.describe.configure({ timeout: 120_000 });

  test('move stock by scanning on a 390 px phone', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const sku = uniqueSku('SCANMV');
    const barcode = `0${Date.now()}`.slice(0, 13);
    const product = await createProduct(api, { sku, name: 'Scannable Lantern', account_id: northwind.id, barcode });
    const inventory = await createInventory(api, {
      product_id: product.id,
      warehouse_id: dallas.id,
      account_id: northwind.id,
      quantity_on_hand: 12,
      quantity_reserved: 0,
    });
    const { data: bins } = await api.get<{ data: { code: string }[] }>(
      `/warehouses/${dallas.id}/locations?type=pick&occupancy=empty&is_active=true&per_page=1`,
    );
    const bin = bins[0]!.code;

    const session = await signInAs(DEMO_USERS.manager);
    const warehouses = await api.get<{ data: { id: number }[] }>('/warehouses?per_page=100');
    const header = warehouses.data.find((w) => w.id === dallas.id) as unknown as Parameters<
      typeof storeSession
    >[1]['warehouse'];
    await storeSession(page, { ...session, warehouse: header });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/moves/scan');

    // Step 1: an unknown code is said in place; then the real source.
    await scan(page, 'Source location', 'NOWHERE-99');
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await expect(feedback(page)).toHaveText(MOVE_SCAN_MESSAGES.locationUnknown('NOWHERE-99'));
    await scan(page, 'Source location', 'unassigned');
    await expect(page.getByRole('heading', { name: 'Scan the product' })).toBeVisible();
    await expect(feedback(page)).toHaveAttribute('data-status', 'success');
    await expect(feedback(page)).toContainText('From UNASSIGNED');

    // Step 2: a product the source does not hold, then the product's barcode.
    await scan(page, 'Product barcode or SKU', 'NOT-A-PRODUCT');
    await expect(feedback(page)).toHaveText(MOVE_SCAN_MESSAGES.productNotHere('NOT-A-PRODUCT', 'UNASSIGNED'));
    await scan(page, 'Product barcode or SKU', barcode);
    await expect(page.getByTestId('held-here')).toHaveText('No lot — 12 here');

    // Step 3: more than the bin holds is refused right here, saying what it holds: the worker
    // does not walk to the target for nothing.
    const quantity = page.getByRole('textbox', { name: 'Quantity to move' });
    await quantity.fill('50');
    await page.getByRole('button', { name: 'Next: target location' }).click();
    await expect(page.getByRole('heading', { name: 'How many units?' })).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(MOVE_SCAN_MESSAGES.moreThanHeld(12, 'UNASSIGNED'))).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'phone move flow at 390px (quantity refused)');

    // Steps 3–5 with 10 units, while 5 are taken from the bin meanwhile: the server refuses at confirm and the
    // screen says why, in place.
    await quantity.fill('10');
    await page.getByRole('button', { name: 'Next: target location' }).click();
    await scan(page, 'Target location', bin);
    await expect(page.getByRole('heading', { name: 'Confirm the move' })).toBeVisible();
    const unassigned = await api.get<{ data: { id: number }[] }>(
      `/warehouses/${dallas.id}/locations?code=UNASSIGNED&per_page=1`,
    );
    const { data: others } = await api.get<{ data: { id: number; code: string }[] }>(
      `/warehouses/${dallas.id}/locations?type=storage&occupancy=empty&is_active=true&per_page=1`,
    );
    await api.post(`/inventories/${inventory.id}/moves`, {
      from_location_id: unassigned.data[0]!.id,
      to_location_id: others[0]!.id,
      quantity: 5,
    });
    await page.getByRole('button', { name: 'Move 10 units' }).click();
    await expect(page.getByRole('alert')).toHaveText(LOCATION_STOCK_MESSAGES.sourceShort);
    await expectNoSeriousAxeViolations(page, 'phone move flow at 390px');
    await expectNoHorizontalOverflow(page, 'phone move flow at 390px');

    // Corrected: 5 units.
    await page.getByRole('button', { name: 'Change quantity' }).click();
    await quantity.fill('5');
    await page.getByRole('button', { name: 'Next: target location' }).click();
    await scan(page, 'Target location', bin);
    await page.getByRole('button', { name: 'Move 5 units' }).click();
    await expect(page.getByText(MOVE_SCAN_MESSAGES.moved(5, sku, 'UNASSIGNED', bin))).toBeVisible();
    // Ready for the next move.
    await expect(page.getByRole('textbox', { name: 'Source location' })).toBeFocused();

    const places = await api.get<{ data: { location: { code: string }; quantity: number }[] }>(
      `/inventories/${inventory.id}/locations`,
    );
    expect(places.data.map((p) => [p.location.code, p.quantity]).sort()).toEqual(
      [
        [bin, 5],
        [others[0]!.code, 5],
        ['UNASSIGNED', 2],
      ].sort(),
    );
  });

  test('the Move Stock dialog passes axe at 390 px', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const product = await createProduct(api, {
      sku: uniqueSku('DLGMV'),
      name: 'Dialog Lantern',
      account_id: northwind.id,
    });
    const inventory = await createInventory(api, {
      product_id: product.id,
      warehouse_id: dallas.id,
      account_id: northwind.id,
      quantity_on_hand: 4,
      quantity_reserved: 0,
    });
    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/inventories/${inventory.id}`);
    await page.getByRole('button', { name: 'Move Stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Stock' });
    await expect(dialog.getByRole('combobox', { name: 'To location' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'move stock dialog at 390px');
    await expectNoHorizontalOverflow(page, 'move stock dialog at 390px');
  });
});
