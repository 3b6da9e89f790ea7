import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient, stockedProduct, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';
import { inWarehouse } from '../fixtures/waves';

/**
 * Kit work orders end to end: an assembled kit of Northwind (1 × A, 2 × B) with 20 units of each component in
 * Dallas. A manager creates a work order for 5 kits on /kit-work-orders, sees its pick list (5 × A, 10 × B),
 * completes it, and the kit's inventory shows 5 on hand. axe and screenshots at 1440 and 390 px.
 */
test.describe('kit work orders', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a manager builds 5 assembled kits from a work order', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const a = await stockedProduct(admin, { prefix: 'KWA', onHand: 20 });
    const b = await stockedProduct(admin, { prefix: 'KWB', onHand: 20 });
    const kitSku = uniqueSku('KIT');
    const { data: kit } = await admin.post<{ data: { id: number } }>('/products', {
      sku: kitSku,
      name: `Gift set ${kitSku}`,
      account_id: a.northwind.id,
      kind: 'assembled',
    });
    await admin.put(`/products/${kit.id}/components`, {
      components: [
        { product_id: a.product.id, quantity: 1 },
        { product_id: b.product.id, quantity: 2 },
      ],
    });

    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, a.warehouse);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/kit-work-orders');
    await expect(page.getByRole('heading', { name: 'Kit work orders' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Product' }).fill(kitSku);
    await page.getByRole('option', { name: new RegExp(kitSku) }).click();
    await page.getByLabel('Kits').fill('5');
    await page.getByRole('button', { name: 'Create work order' }).click();

    await expect(page.getByRole('heading', { name: /Work order KWO-\d{6}/ })).toBeVisible();
    const pickList = page.getByRole('table', { name: 'Pick list' });
    await expect(pickList.getByRole('row', { name: new RegExp(a.sku) })).toContainText('5');
    await expect(pickList.getByRole('row', { name: new RegExp(b.sku) })).toContainText('10');
    await settle(page);
    await page.screenshot({ path: 'test-results/kit-work-orders/1440-open.png', fullPage: true });
    await expectNoSeriousAxeViolations(page, 'kit work order at 1440px');

    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('5 kits built')).toBeVisible();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 800 });
    await settle(page);
    await page.screenshot({ path: 'test-results/kit-work-orders/390-completed.png', fullPage: true });
    await expectNoHorizontalOverflow(page, 'kit work order at 390px');
    await expectNoSeriousAxeViolations(page, 'kit work order at 390px');

    // The list shows it completed; the kit has 5 on hand in Dallas.
    await page.goto('/kit-work-orders');
    await settle(page);
    await page.screenshot({ path: 'test-results/kit-work-orders/390-list.png', fullPage: true });
    await expectNoHorizontalOverflow(page, 'kit work orders at 390px');
    const { data: rows } = await admin.get<{ data: { quantity_on_hand: number; warehouse_id?: number }[] }>(
      `/inventories?search=${kitSku}&warehouse_id=${a.warehouse.id}`,
    );
    expect(rows.map((r) => r.quantity_on_hand)).toEqual([5]);
  });
});
