import type { Page } from '@playwright/test';
import { REPLENISHMENT_MESSAGES } from '@wms/contract/replenishment';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient, emptyLocation, type LocationRef, stockedProduct, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';
import { inWarehouse, scan } from '../fixtures/waves';

interface TaskRow {
  id: number;
  status: string;
  quantity: number;
  quantity_moved: number;
  urgent: boolean;
  source: { code: string };
  target: { code: string };
}

const feedback = (page: Page) => page.getByTestId('scan-feedback');

/**
 * Replenishment end to end: a Northwind product with 20 units in a Dallas pick bin and 60 in a storage bin. A
 * manager sets the pick face (min 10 / max 40 / increment 12) on the inventory page; a wave of 15 units is
 * released, which leaves 5 free at the face, and the release creates the task (35 of room → two cases, 24). The
 * manager sees it on the Replenish screen, then does it on a 390 px phone by scanning (a wrong source is refused
 * in red and the field keeps the focus), and the pick face shows 44 on hand. axe on each screen at 1440 and 390.
 */
test.describe('replenishment', () => {
  test.describe.configure({ timeout: 180_000 });

  test('set a pick face, drain it with a wave, replenish it by scanning on a phone', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const stocked = await stockedProduct(admin, { prefix: 'RPL', onHand: 80 });
    const { warehouse, northwind, sku } = stocked;
    const { data: unassigned } = await admin.get<{ data: LocationRef[] }>(
      `/warehouses/${warehouse.id}/locations?code=UNASSIGNED`,
    );
    const moveTo = async (to: LocationRef, quantity: number) =>
      admin.post(`/inventories/${stocked.inventory.id}/moves`, {
        from_location_id: unassigned[0]!.id,
        to_location_id: to.id,
        quantity,
      });
    const pickBin = await emptyLocation(admin, warehouse.id, 'pick');
    await moveTo(pickBin, 20);
    const storageBin = await emptyLocation(admin, warehouse.id, 'storage');
    await moveTo(storageBin, 60);

    // The pick face, set on the inventory page at 1440 px; a refused value shows on its field.
    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, warehouse);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/inventories/${stocked.inventory.id}`);
    await page.getByRole('button', { name: 'Add pick face' }).click();
    const dialog = page.getByRole('dialog');
    const locationField = dialog.getByRole('combobox', { name: 'Pick location' });
    await locationField.fill(pickBin.code);
    await page.getByRole('option', { name: pickBin.code, exact: true }).click();
    await dialog.getByLabel('Min').fill('50');
    await dialog.getByLabel('Max').fill('40');
    await dialog.getByLabel('Increment').fill('12');
    await dialog.getByRole('button', { name: 'Save pick face' }).click();
    await expect(dialog.getByText(REPLENISHMENT_MESSAGES.maxBelowMin)).toBeVisible();
    await dialog.getByLabel('Min').fill('10');
    await dialog.getByRole('button', { name: 'Save pick face' }).click();
    await expect(dialog).toBeHidden();
    const faceRow = page.getByTestId(`pick-face-${pickBin.code}`);
    await expect(faceRow).toContainText('10');
    await expect(faceRow).toContainText('40');
    await expect(faceRow).toContainText('12');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'inventory pick faces at 1440px');

    // A wave of 15 units drains the face to 5 free: its release creates the task.
    const code = uniqueSku('RW')
      .replace(/[^A-Z0-9]/g, '')
      .slice(-10);
    const { shipper } = await admin.post<{ shipper: { id: number } }>('/shippers', {
      name: `Replenish Carrier ${code}`,
      code,
      website: 'https://carrier.example.com',
    });
    await admin.post('/orders/bulk', {
      warehouse_id: warehouse.id,
      orders: [
        {
          account_id: northwind.id,
          shipper_id: shipper.id,
          customer_name: `Replenish Customer ${code}`,
          ship_date: new Date().toISOString().slice(0, 10),
          order_id: `${code}-1`,
          notes: null,
          products: [{ product_id: stocked.product.id, quantity: 15 }],
        },
      ],
    });
    await admin.post('/waves', { warehouse_id: warehouse.id, shipper_ids: [shipper.id], mode: 'discrete' });

    await page.goto('/replenishment');
    const line = page.getByTestId(`report-line-${pickBin.code}`);
    await expect(line).toContainText(sku);
    await expect(line).toContainText('24');
    // The release made the task: its units are held at the source, so the line points to it.
    await expect(line).toContainText('See the task');
    const taskRow = page.getByRole('row').filter({ hasText: `${storageBin.code} → ${pickBin.code}` });
    await expect(taskRow).toContainText('Open');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'replenish at 1440px');

    const tasks = await admin.get<{ data: TaskRow[] }>(`/replenishment-tasks?warehouse_id=${warehouse.id}&status=open`);
    const task = tasks.data.find((one) => one.target.code === pickBin.code)!;
    expect(task).toMatchObject({ quantity: 24, source: { code: storageBin.code } });

    // While the task is live the face cannot be removed: the server's 409 shows as an alert.
    await page.goto(`/inventories/${stocked.inventory.id}`);
    await page.getByRole('button', { name: `Remove pick face ${pickBin.code}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: REPLENISHMENT_MESSAGES.faceHasOpenTask(pickBin.code) }),
    ).toBeVisible();
    await expect(faceRow).toBeVisible();

    // The pick location's stock on the locations screen shows the row's face there.
    await page.goto(`/warehouses/${warehouse.id}/locations?search=${pickBin.code}`);
    await page.getByRole('button', { name: `Stock and pick faces of ${pickBin.code}` }).click();
    const stockDialog = page.getByRole('dialog', { name: `Stock and pick faces — ${pickBin.code}` });
    await expect(stockDialog.getByTestId(`location-face-${sku}`)).toContainText('min 10 · max 40 · by 12');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'location stock and pick faces at 1440px');
    await stockDialog.getByRole('button', { name: 'Close' }).click();

    // The task on a phone: start, scan source (a wrong one first), product, quantity, the pick face.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/replenishment');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'replenish at 390px');
    await expectNoHorizontalOverflow(page, 'replenish at 390px');
    await page.goto('/replenishment/tasks');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'my replenishment tasks at 390px');
    await expectNoHorizontalOverflow(page, 'my replenishment tasks at 390px');
    await page.getByRole('button', { name: `Start ${storageBin.code} to ${pickBin.code}` }).click();
    await expect(page.getByTestId('task-location')).toHaveText(storageBin.code);
    await scan(page, 'Source location', pickBin.code);
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await expect(feedback(page)).toContainText(REPLENISHMENT_MESSAGES.wrongSource(storageBin.code));
    await expect(page.getByRole('textbox', { name: 'Source location', exact: true })).toBeFocused();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'replenishment task at 390px');
    await expectNoHorizontalOverflow(page, 'replenishment task at 390px');
    await scan(page, 'Source location', storageBin.code);
    await scan(page, 'Product barcode or SKU', sku);
    await expect(page.getByLabel('Quantity brought')).toHaveValue('24');
    await page.getByRole('button', { name: 'Next: the pick face' }).click();
    await scan(page, 'Pick location', pickBin.code);
    await expect(
      page.getByRole('status').filter({ hasText: REPLENISHMENT_MESSAGES.completed(24, sku, pickBin.code) }),
    ).toBeVisible();

    // The pick face refilled: 20 − 0 picked yet + 24 = 44 on hand, 29 free beside the wave's 15.
    await page.goto(`/inventories/${stocked.inventory.id}`);
    await expect(faceRow).toContainText('44');
    await expect(faceRow).toContainText('29');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'inventory pick faces at 390px');
    const done = await admin.get<{ data: TaskRow[] }>(`/replenishment-tasks?warehouse_id=${warehouse.id}&status=done`);
    expect(done.data.find((one) => one.id === task.id)).toMatchObject({ quantity_moved: 24 });

    // The warehouse's pick faces: listed, then a spreadsheet import (all or nothing, every bad row named).
    await page.goto(`/warehouses/${warehouse.id}/pick-faces`);
    await expect(page.getByText(pickBin.code).first()).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'warehouse pick faces at 390px');
    await expectNoHorizontalOverflow(page, 'warehouse pick faces at 390px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'warehouse pick faces at 1440px');
    const csv = (rows: string[]) => ({
      name: 'pick-faces.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['SKU,Account,Location,Min,Max,Increment', ...rows].join('\n')),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import pick faces' });
    await importDialog
      .locator('input[type="file"]')
      .setInputFiles(csv([`${sku},,${pickBin.code},10,48,12`, `NO-SUCH-${sku},,${pickBin.code},1,2,1`]));
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(importDialog.getByRole('list', { name: 'Rows to fix' })).toContainText(
      `Row 3: ${REPLENISHMENT_MESSAGES.importSkuUnknown(`NO-SUCH-${sku}`)}`,
    );
    await expectNoSeriousAxeViolations(page, 'pick faces import with rows to fix');
    await importDialog.locator('input[type="file"]').setInputFiles(csv([`${sku},,${pickBin.code},10,48,12`]));
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText(REPLENISHMENT_MESSAGES.imported(1))).toBeVisible();
    await expect(importDialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: pickBin.code })).toContainText('48');

    // The dashboard card: live tasks and faces below min of the header's warehouse.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Replenishment Tasks' })).toBeVisible();
  });
});
