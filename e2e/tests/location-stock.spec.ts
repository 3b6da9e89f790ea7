import { LOCATION_STOCK_MESSAGES } from '@wms/contract/location-stock';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient, emptyLocation, stockedProduct } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

/**
 * Stock per location, moves: a manager sees where a row's units lie and moves some to a pick bin of the
 * demo layout; a move of more than the source holds is refused with the server's message. At 1440 px and 390 px,
 * with axe on the detail page and the dialog.
 */
test.describe('stock per location', () => {
  test.describe.configure({ timeout: 120_000 });
  test('inventory detail lists units per location; Move Stock moves them and refuses more than the source holds', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const { inventory, warehouse: dallas } = await stockedProduct(api, {
      prefix: 'MOVE',
      name: 'Movable Lantern',
      onHand: 12,
    });
    const bin = (await emptyLocation(api, dallas.id, 'pick')).code;

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/inventories/${inventory.id}`);
    const places = page.getByRole('table', { name: 'Stock by location' });
    await expect(places.getByRole('row').filter({ hasText: 'UNASSIGNED' })).toContainText('12');
    await expect(page.getByText('Quarantined', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Move Stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Stock' });
    await dialog.getByRole('combobox', { name: 'To location' }).fill(bin);
    await page.getByRole('option', { name: new RegExp(`^${bin}`) }).click();
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
    await expectNoSeriousAxeViolations(page, 'move stock dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText(LOCATION_STOCK_MESSAGES.moved)).toBeVisible();
    await expect(places.getByRole('row').filter({ hasText: bin })).toContainText('5');
    await expect(places.getByRole('row').filter({ hasText: 'UNASSIGNED' })).toContainText('7');
    // On hand is unchanged: a move only changes where the units lie.
    await expect(page.getByText('On Hand', { exact: true }).locator('..')).toContainText('12');

    // More than the source holds: the server refuses and the dialog says why. The source now defaults to the bin
    // (pick locations come first), so the move goes from UNASSIGNED.
    await page.getByRole('button', { name: 'Move Stock' }).click();
    await dialog.getByRole('combobox', { name: 'From location' }).click();
    await page.getByRole('option', { name: /^UNASSIGNED/ }).click();
    await dialog.getByRole('combobox', { name: 'To location' }).fill(bin);
    await page.getByRole('option', { name: new RegExp(`^${bin}`) }).click();
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('50');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(LOCATION_STOCK_MESSAGES.sourceShort);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectNoSeriousAxeViolations(page, 'inventory detail with locations');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settle(page);
    await expect(places).toBeVisible();
    await expectNoHorizontalOverflow(page, 'inventory detail at 390px');
  });
});

/**
 * Manual stock names its place. A manager adjusts units into a named pick bin and sees them on the
 * detail's per-location table, then takes some from UNASSIGNED by choosing it; axe on the dialog at 1440 and 390 px.
 */
test.describe('adjusting into a named location', () => {
  test.describe.configure({ timeout: 120_000 });
  test('Adjust Quantity puts units into the chosen bin and takes them from the chosen place', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const { inventory, warehouse: dallas } = await stockedProduct(api, {
      prefix: 'BINADJ',
      name: 'Binned Headlamp',
      onHand: 10,
    });
    const bin = (await emptyLocation(api, dallas.id, 'pick')).code;

    await signInAs(DEMO_USERS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/inventories/${inventory.id}`);
    const places = page.getByRole('table', { name: 'Stock by location' });
    await expect(places.getByRole('row').filter({ hasText: 'UNASSIGNED' })).toContainText('10');

    await page.getByRole('button', { name: 'Adjust Quantity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Quantity' });
    await expect(dialog).toContainText('Quarantined 0');
    await dialog.getByLabel('Quantity Change').fill('4');
    await dialog.getByRole('combobox', { name: 'Put into location' }).fill(bin);
    await page.getByRole('option', { name: new RegExp(`^${bin}`) }).click();
    await expectNoSeriousAxeViolations(page, 'adjust dialog with a location');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expect(page.getByText('Inventory adjusted successfully')).toBeVisible();
    await expect(places.getByRole('row').filter({ hasText: bin })).toContainText('4');
    await expect(places.getByRole('row').filter({ hasText: 'UNASSIGNED' })).toContainText('10');

    // A removal offers the places holding the stock: taking from UNASSIGNED leaves the pick bin (first in the
    // take order) alone.
    await page.getByRole('button', { name: 'Adjust Quantity' }).click();
    await dialog.getByLabel('Quantity Change').fill('-3');
    await dialog.getByRole('combobox', { name: 'Take from' }).click();
    await page.getByRole('option', { name: /^UNASSIGNED · 10 units/ }).click();
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expect(page.getByText('Inventory adjusted successfully').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(places.getByRole('row').filter({ hasText: 'UNASSIGNED' })).toContainText('7');
    await expect(places.getByRole('row').filter({ hasText: bin })).toContainText('4');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Adjust Quantity' }).click();
    await dialog.getByLabel('Quantity Change').fill('-1');
    await expect(dialog.getByRole('combobox', { name: 'Take from' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'adjust dialog (taking) at 390px');
    await dialog.getByLabel('Quantity Change').fill('2');
    await expect(dialog.getByRole('combobox', { name: 'Put into location' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'adjust dialog (adding) at 390px');
    await expectNoHorizontalOverflow(page, 'adjust dialog at 390px');
  });
});
