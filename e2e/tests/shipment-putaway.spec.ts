import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import {
  accountNamed,
  apiClient,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  selectionFor,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

/**
 * Putaway: a client announces two products; the manager receives them into two bins with a discrepancy,
 * choosing one bin from the suggestions and scanning the other.
 */
test('receive a two-line shipment into two bins with a discrepancy', async ({ page, request, signInAs }) => {
  test.slow(); // three users, two forms and axe at 390 px
  const client = await apiClient(request, DEMO_USERS.client);
  const manager = await apiClient(request, DEMO_USERS.manager);
  const northwind = await accountNamed(client, DEMO_ACCOUNTS.northwind);
  const newark = await warehouseNamed(manager, DEMO_WAREHOUSES.newark);
  const tent = await createProduct(client, { sku: uniqueSku('PUT'), name: 'Putaway Tent', account_id: northwind.id });
  const lamp = await createProduct(client, { sku: uniqueSku('PUT'), name: 'Putaway Lamp', account_id: northwind.id });
  const bin = async () =>
    (
      await manager.post<{ location: { code: string } }>(`/warehouses/${newark.id}/locations`, {
        code: uniqueSku('E2E-BIN'),
        zone: 'E2E',
        type: 'storage',
      })
    ).location.code;
  const [binA, binB] = [await bin(), await bin()];

  // The client announces both products in one form.
  const session = await signInAs(DEMO_USERS.client);
  await storeSession(page, {
    ...session,
    ...(await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark)),
  });
  await page.goto('/shipments/create');
  // Each pick waits for the search's answer (one product has that SKU): a click while the unfiltered list is being
  // replaced by it can miss (a flaky CI run left the first line without its product).
  await page.getByRole('combobox', { name: 'Product', exact: false }).first().fill(tent.sku);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(tent.sku) }).click();
  await expect(page.getByRole('combobox', { name: 'Product', exact: false }).first()).toHaveValue(/Putaway Tent/);
  await page.getByLabel('Quantity', { exact: false }).first().fill('10');
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByRole('combobox', { name: 'Product 2' }).fill(lamp.sku);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(lamp.sku) }).click();
  await expect(page.getByRole('combobox', { name: 'Product 2' })).toHaveValue(/Putaway Lamp/);
  await page.getByLabel('Quantity 2').fill('4');
  await page.getByRole('button', { name: 'Create Shipment' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  const { data } = await client.get<{ data: { id: number }[] }>(`/shipments?search=${lamp.sku}`);
  const shipmentId = data[0]!.id;

  // The manager verifies on a phone: 8 of 10 tents (two cartons short) split over two bins, the lamps into one.
  await signInAs(DEMO_USERS.manager);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/shipments/${shipmentId}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Shipment' });
  const chooseLocation = async (name: string, code: string) => {
    const box = dialog.getByRole('combobox', { name });
    await box.fill(code);
    await page.getByRole('option', { name: code, exact: true }).click();
  };
  await dialog.getByLabel(`Received ${tent.sku}`).fill('8');
  await dialog.getByLabel(`Reason for the difference (${tent.sku})`).fill('Two cartons crushed');
  await chooseLocation(`Location ${tent.sku} #1`, binA);
  await dialog.getByLabel(`Quantity ${tent.sku} #1`).fill('5');
  await dialog.getByRole('button', { name: `Add location for ${tent.sku}` }).click();
  await chooseLocation(`Location ${tent.sku} #2`, binB);
  await dialog.getByLabel(`Quantity ${tent.sku} #2`).fill('3');
  // A scanner types the label's code and Enter: the exact code is taken (any case), an unknown one is said so.
  const lampBox = dialog.getByRole('combobox', { name: `Location ${lamp.sku} #1` });
  await lampBox.fill('NO-SUCH-BIN');
  await lampBox.press('Enter');
  await expect(dialog.getByText('No active location with the code NO-SUCH-BIN in this warehouse.')).toBeVisible();
  await lampBox.fill(binB.toLowerCase());
  await lampBox.press('Enter');
  await expect(lampBox).toHaveValue(binB);
  await expect(dialog.getByText('No active location with the code NO-SUCH-BIN in this warehouse.')).toBeHidden();
  await expectNoHorizontalOverflow(page, 'verify shipment with putaway (390 px)');
  await expectNoSeriousAxeViolations(page, 'verify shipment with putaway (390 px)');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Shipment verified successfully! Inventory has been updated.')).toBeVisible();

  // The client sees announced vs received and the reason.
  await signInAs(DEMO_USERS.client);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/shipments/${shipmentId}`);
  const lines = page.getByRole('table', { name: 'Shipment products' });
  const tentRow = lines.getByRole('row', { name: /Putaway Tent/ });
  await expect(tentRow.getByRole('cell').nth(1)).toHaveText('10');
  await expect(tentRow.getByRole('cell').nth(2)).toHaveText('8');
  await expect(tentRow).toContainText('Two cartons crushed');
  await expect(tentRow).toContainText(`${binA}: 5, ${binB}: 3`);
  await expect(lines.getByRole('row', { name: /Putaway Lamp/ })).toContainText(`${binB}: 4`);
  await expect(page.getByText('12 of 14 units received', { exact: true })).toBeVisible();
});
