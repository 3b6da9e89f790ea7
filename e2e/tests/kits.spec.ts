import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor, stockInABin, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { fillSection } from '../fixtures/orders';
import { expect, storeSession, test } from '../fixtures/session';
import { inWarehouse, scan } from '../fixtures/waves';

interface TaskRow {
  id: number;
  kind: string;
  status: string;
  location: { code: string };
  product: { sku: string };
  quantity: number;
  quantity_picked: number;
  orders: { order_id: number; quantity: number; quantity_picked: number; tote: string | null }[];
}
interface WaveRow {
  id: number;
  number: string;
  status: string;
  orders: { order_id: number; order_number: string; tote: string | null }[];
  tasks: TaskRow[];
}

/** Picks every open task of a discrete wave on the handheld by scanning: location, product, then the quantity. */
async function pickEverything(page: Page, waveOf: () => Promise<WaveRow>) {
  for (let guard = 0; guard < 10; guard++) {
    const done = page.getByText(/is picked: take the cart to packing/);
    const location = page.getByTestId('task-location');
    await expect(done.or(location)).toBeVisible();
    if (await done.isVisible()) return;
    const code = (await location.textContent())!.trim();
    const wave = await waveOf();
    const task = wave.tasks.find((t) => t.kind === 'pick' && t.status === 'open' && t.location.code === code)!;
    expect(task, `an open task at ${code}`).toBeTruthy();
    await scan(page, 'Location', code);
    await scan(page, 'Product barcode or SKU', task.product.sku);
    await expect(page.getByRole('textbox', { name: 'Quantity taken' })).toHaveValue(
      String(task.quantity - task.quantity_picked),
    );
    // A discrete wave (one order, no cart of totes): the pick is confirmed at once.
    await page.getByRole('button', { name: `Confirm ${task.quantity - task.quantity_picked} picked` }).click();
    await expect(page.getByText(`from ${code}`)).toBeVisible();
    const emptyQuestion = page.getByRole('group', { name: /^Is .* empty now\?$/ });
    if (await emptyQuestion.isVisible()) await page.getByRole('button', { name: 'Yes, empty' }).click();
  }
}

/**
 * Bundles end to end: a client defines a bundle (a product of kind bundle, then two components in the editor on its
 * detail page) and orders it — the order's product search shows how many whole bundles the components make. The
 * order's detail shows the bundle with its component lines. A manager releases a wave holding the order and picks
 * its components on a 390 px phone. axe at 1440 and 390 px on the new screens and states.
 */
test.describe('kits and bundles', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a client defines a bundle and orders it; the warehouse picks its components', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    // Two Northwind components in Dallas pick faces: candles 9 (⌊9 ÷ 1⌋ = 9), mugs 8 (⌊8 ÷ 2⌋ = 4) → 4 bundles.
    const candle = await stockInABin(admin, { prefix: 'KTC', onHand: 9, inBin: 9, binType: 'pick' });
    const mug = await stockInABin(admin, { prefix: 'KTM', onHand: 8, inBin: 8, binType: 'pick' });

    const session = await signInAs(DEMO_USERS.client);
    const client = await apiClient(request, DEMO_USERS.client);
    const selection = await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.dallas);
    await storeSession(page, { ...session, ...selection });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Create the bundle: the form offers the three kinds, each explained.
    const bundleSku = uniqueSku('GIFT');
    await page.goto('/products/create');
    await page.getByLabel('SKU').fill(bundleSku);
    await page.getByLabel('Product Name').fill(`Gift set ${bundleSku}`);
    await expect(page.getByText('No stock of its own: ordered as one product')).toBeVisible();
    await page.getByRole('radio', { name: /^Bundle/ }).check();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'product form with kinds at 1440px');
    await page.getByRole('button', { name: 'Create Product' }).click();

    // The kit's detail page holds the components editor: search the account's standard products, units per kit.
    await expect(page.getByRole('heading', { name: 'Components' })).toBeVisible({ timeout: 30_000 });
    const search = page.getByRole('combobox', { name: 'Add a component' });
    await search.fill(candle.sku);
    await page.getByRole('option', { name: new RegExp(candle.sku) }).click();
    await search.fill(mug.sku);
    await page.getByRole('option', { name: new RegExp(mug.sku) }).click();
    await page.getByRole('spinbutton', { name: `Units of ${mug.sku} per kit` }).fill('2');
    await page.getByRole('button', { name: 'Save components' }).click();
    await expect(page.getByText('Components saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save components' })).toBeDisabled();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'bundle detail with components at 1440px');
    await page.screenshot({ path: 'test-results/kits-bundle-detail-1440.png', fullPage: true });
    const bundleUrl = page.url();

    // The component names the kit it is in.
    await page.getByRole('link', { name: candle.product.name }).click();
    await expect(page.getByRole('heading', { name: 'Part of kits' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Gift set ${bundleSku}` })).toBeVisible();

    // The product list filters by kind (the bundle carries its badge; its standard components are left out).
    await page.goto('/products');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Bundle' }).click();
    await expect(page).toHaveURL(/kind=bundle/);
    const productRows = page.getByRole('table', { name: 'Products' });
    await expect(productRows.getByRole('row', { name: new RegExp(bundleSku) })).toContainText('Bundle');
    await expect(productRows.getByRole('row', { name: new RegExp(candle.sku) })).toHaveCount(0);

    // The bundle at 390 px: the editor fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(bundleUrl);
    await expect(page.getByRole('heading', { name: 'Components' })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'bundle detail at 390px');
    await expectNoHorizontalOverflow(page, 'bundle detail at 390px');
    await page.screenshot({ path: 'test-results/kits-bundle-detail-390.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The inventory list: no row of its own, but the account's bundles with what their components make.
    await page.goto('/inventories');
    const bundles = page.getByRole('region', { name: 'Bundles (made from their components)' });
    await expect(bundles.getByRole('listitem').filter({ hasText: bundleSku })).toContainText('4 available');
    await expectNoSeriousAxeViolations(page, 'inventory list with bundles');

    // Order it: the search shows the bundle's kind and how many whole bundles its components make.
    const orderId = uniqueSku('KIT');
    await page.goto('/orders/create');
    const section = page.getByRole('region', { name: 'Order 1' });
    await section.getByLabel('Search products for Order 1').fill(bundleSku);
    const option = page.getByRole('option', { name: new RegExp(bundleSku) });
    await expect(option).toContainText('Bundle');
    await expect(option).toContainText('4 available (from its components)');
    await page.keyboard.press('Escape');
    await section.getByLabel('Search products for Order 1').fill('');
    await fillSection(page, 1, orderId, bundleSku);
    await section.getByLabel(`Quantity of ${bundleSku}`).fill('2');
    // 2 of the 4 bundles the components make: no backorder (few left: low stock).
    await expect(section.getByTestId('stock-indicator')).toHaveText('Low stock');
    await page.getByRole('button', { name: 'Create Orders' }).click();
    const result = page.getByRole('dialog', { name: 'Orders created' });
    await expect(result.getByText('Successfully created 1 order')).toBeVisible();
    await result.getByRole('button', { name: 'Done' }).click();

    // The order's detail groups the component lines under their bundle.
    const found = await client.get<{ data: { id: number; order_id: string }[] }>(
      `/orders/with-merge-items?search=${encodeURIComponent(orderId)}`,
    );
    const order = found.data.find((o) => o.order_id === orderId)!;
    expect(order, `order ${orderId}`).toBeTruthy();
    await page.goto(`/orders/${order.id}`);
    const bundle = page.getByTestId('order-bundle');
    await expect(bundle).toContainText(`Gift set ${bundleSku} ×2: ${candle.product.name} ×2, ${mug.product.name} ×4`, {
      timeout: 30_000,
    });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'order detail with a bundle at 1440px');
    await page.screenshot({ path: 'test-results/kits-order-detail-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('order-bundle')).toContainText(`Gift set ${bundleSku} ×2`);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'order detail with a bundle at 390px');
    await expectNoHorizontalOverflow(page, 'order detail with a bundle at 390px');
    await page.screenshot({ path: 'test-results/kits-order-detail-390.png', fullPage: true });

    // A manager releases a wave holding the order and picks its components on a phone.
    const manager = await apiClient(request, DEMO_USERS.manager);
    const released = await manager.post<{ data: WaveRow }>('/waves', {
      warehouse_id: candle.warehouse.id,
      order_ids: [order.id],
      mode: 'discrete',
    });
    expect(released.data.tasks.filter((t) => t.kind === 'pick').map((t) => [t.product.sku, t.quantity])).toEqual(
      expect.arrayContaining([
        [candle.sku, 2],
        [mug.sku, 4],
      ]),
    );
    const waveOf = async () => (await manager.get<{ data: WaveRow }>(`/waves/${released.data.id}`)).data;
    const managerSession = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, managerSession, candle.warehouse);
    await page.goto('/picking');
    await scan(page, 'Wave number', released.data.number);
    await expect(page).toHaveURL(new RegExp(`/picking/${released.data.id}$`));
    await page.getByRole('button', { name: 'Take this wave' }).click();
    await pickEverything(page, waveOf);
    await expect(page.getByText(/is picked: take the cart to packing/)).toBeVisible();
    await expectNoHorizontalOverflow(page, 'kit wave picked at 390px');
    expect((await waveOf()).status).toBe('picked');
  });
});
