import { CYCLE_COUNT_MESSAGES } from '@wms/contract/cycle-counts';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
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
import { expect, test } from '../fixtures/session';

/**
 * Issue 20 (cycle counts): a blind count with a variance approved. The manager counts on a 390 px phone (scan the
 * bin, scan the product, enter the quantity) without ever seeing the expected quantity, then approves on a desktop
 * where the review table shows expected, counted and variance. Axe on the list, the create dialog, the counting
 * flow and the review.
 */
test.describe('cycle counts', () => {
  test.describe.configure({ timeout: 150_000 });
  test('a blind count with a variance approved', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const sku = uniqueSku('COUNT');
    const product = await createProduct(api, { sku, name: 'Counted Canteen', account_id: northwind.id });
    const inventory = await createInventory(api, {
      product_id: product.id,
      warehouse_id: dallas.id,
      account_id: northwind.id,
      quantity_on_hand: 12,
      quantity_reserved: 0,
    });
    // Twelve units in an empty storage bin of the demo layout, and a count of that one bin.
    const { data: bins } = await api.get<{ data: { id: number; code: string }[] }>(
      `/warehouses/${dallas.id}/locations?type=storage&occupancy=empty&per_page=1`,
    );
    const bin = bins[0]!;
    const { data: unassigned } = await api.get<{ data: { id: number }[] }>(
      `/warehouses/${dallas.id}/locations?search=UNASSIGNED`,
    );
    await api.post(`/inventories/${inventory.id}/moves`, {
      from_location_id: unassigned[0]!.id,
      to_location_id: bin.id,
      quantity: 12,
    });
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
    await expect(page.getByRole('table', { name: 'Count lines' })).not.toContainText('12');
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
});
