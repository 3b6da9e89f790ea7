import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  accountNamed,
  apiClient,
  createInventory,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  selectionFor,
  stockedProduct,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

test.describe('inventory', () => {
  test('warehouse and account cards narrow the table; stock filters replace the rows', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const low = await stockedProduct(api, { prefix: 'LOW', name: 'Filter Low Headlamp', onHand: 5 });
    const out = await stockedProduct(api, { prefix: 'OUT', name: 'Filter Empty Bivy', onHand: 8, reserved: 8 });
    const plenty = await stockedProduct(api, { prefix: 'IN', name: 'Filter Plenty Paracord', onHand: 60 });

    await signInAs(DEMO_USERS.admin);
    await page.goto('/inventories');
    await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
    const warehouses = page.getByRole('group', { name: 'Warehouses' });
    await expect(warehouses.getByRole('button', { name: DEMO_WAREHOUSES.newark })).toBeVisible();
    // The page follows the header's warehouse; a warehouse card is the header's choice, on this page.
    const header = page.getByRole('combobox', { name: 'Warehouse' });
    await expect(header).toHaveText(DEMO_WAREHOUSES.dallas);
    await expect(warehouses.getByRole('button', { name: DEMO_WAREHOUSES.dallas })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await warehouses.getByRole('button', { name: /All Warehouses/ }).click();
    await expect(page).toHaveURL(/warehouse=all/);
    await expect(page.getByTestId('scope-chip')).toHaveText('All warehouses');
    await warehouses.getByRole('button', { name: DEMO_WAREHOUSES.newark }).click();
    await expect(header).toHaveText(DEMO_WAREHOUSES.newark);
    await expect(page).not.toHaveURL(/warehouse=/);
    await warehouses.getByRole('button', { name: DEMO_WAREHOUSES.dallas }).click();
    await expect(header).toHaveText(DEMO_WAREHOUSES.dallas);
    await expect(page).toHaveURL(/\/inventories$/);
    expect(low.warehouse.name).toBe(DEMO_WAREHOUSES.dallas);
    const accounts = page.getByRole('group', { name: 'Accounts' });
    await accounts.getByRole('button', { name: DEMO_ACCOUNTS.northwind }).click();
    await expect(page).toHaveURL(new RegExp(`account=${low.northwind.id}`));

    const table = page.getByRole('table', { name: 'Inventory' });
    await expect(table.getByRole('row', { name: /Filter Plenty Paracord/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Filter Plenty Paracord/ }).getByText('In Stock')).toBeVisible();
    await page.screenshot(shot('inventory-list-cards'));

    await page.getByRole('textbox', { name: 'Search' }).fill(plenty.sku);
    await expect(table.getByRole('row')).toHaveCount(2);

    // Low Stock: its own rows, the search cleared, the count announced.
    await page.getByRole('button', { name: /^Low Stock \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/filter=low-stock/);
    await expect(page.getByText(/^Showing \d+ low stock items$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    const lowRow = table.getByRole('row', { name: /Filter Low Headlamp/ });
    await expect(lowRow.getByText('Low Stock')).toBeVisible();
    await expect(table.getByRole('row', { name: /Filter Plenty Paracord/ })).toHaveCount(0);
    await page.screenshot(shot('inventory-list-low-stock'));

    await page.getByRole('button', { name: /^Out of Stock \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/filter=out-of-stock/);
    await expect(page.getByText(/^Showing \d+ out of stock items$/)).toBeVisible();
    await expect(table.getByRole('row', { name: /Filter Empty Bivy/ }).getByText('Out of Stock')).toBeVisible();
    await expect(table.getByRole('row', { name: /Filter Low Headlamp/ })).toHaveCount(0);

    // The filter lives in the URL: a reload keeps it.
    await page.reload();
    await expect(table.getByRole('row', { name: /Filter Empty Bivy/ })).toBeVisible();

    await page.getByRole('button', { name: 'View All' }).click();
    await expect(page).not.toHaveURL(/filter=/);
    await page.getByRole('textbox', { name: 'Search' }).fill(out.sku);
    await expect(table.getByRole('row', { name: /Filter Empty Bivy/ })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  test('create validates, warns about reservations and saves', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('ADD');
    await createProduct(api, { sku, name: 'Newly Stocked Compass', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto('/inventories');
    await page.getByRole('link', { name: 'Add Inventory' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Inventory' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Inventory' }).click();
    await expect(page.getByText('Please select a product')).toBeVisible();
    await expect(page.getByText('Please enter quantity on hand')).toBeVisible();

    await page.getByRole('combobox', { name: 'Product' }).fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await expect(page.getByLabel('Account')).toHaveValue(DEMO_ACCOUNTS.northwind);
    // Scoped to the form: the header has a Warehouse selector too.
    await page.locator('form').getByRole('combobox', { name: 'Warehouse' }).click();
    await page.getByRole('option', { name: /Dallas Distribution Hub/ }).click();
    await page.getByLabel('Quantity On Hand').fill('-1');
    await page.getByRole('button', { name: 'Create Inventory' }).click();
    await expect(page.getByText('Quantity must be positive')).toBeVisible();

    await page.getByLabel('Quantity On Hand').fill('20');
    await page.getByLabel('Quantity Reserved').fill('25');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Reserved quantity cannot exceed quantity on hand' }),
    ).toBeVisible();
    await page.screenshot(shot('inventory-create'));
    await page.getByLabel('Quantity Reserved').fill('4');
    await page.getByRole('button', { name: 'Create Inventory' }).click();

    await expect(page.getByText('Inventory created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/inventories$/);
    await page.getByRole('textbox', { name: 'Search' }).fill(sku);
    // By its SKU: a retried test (or a repeat) leaves other "Newly Stocked Compass" rows behind.
    const row = page.getByRole('table', { name: 'Inventory' }).getByRole('row', { name: new RegExp(sku) });
    await expect(row).toContainText('Newly Stocked Compass');
    await expect(row.getByRole('cell', { name: '16', exact: true })).toBeVisible();
  });

  test('adjust from the list: required change, then a recorded decrease', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const { sku } = await stockedProduct(api, { prefix: 'ADJ', name: 'Adjustable Tarp', onHand: 30 });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/inventories?search=${sku}`);
    await page.getByRole('button', { name: new RegExp(`^Adjust ${sku}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Quantity' });
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expect(dialog.getByText('Please enter a quantity', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a quantity change')).toBeVisible();

    await dialog.getByLabel('Quantity Change').fill('-100');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expect(dialog.getByText('This adjustment would make the quantity on hand negative.')).toBeVisible();

    await dialog.getByLabel('Quantity Change').fill('-7');
    await dialog.getByLabel('Reason').fill('Damaged in transit');
    await expect(dialog.getByText('On hand: 30 → 23')).toBeVisible();
    await page.screenshot(shot('inventory-adjust'));
    await dialog.getByRole('button', { name: 'Adjust' }).click();

    await expect(page.getByText('Inventory adjusted successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Inventory' }).getByRole('row', { name: /Adjustable Tarp/ });
    await expect(row.getByRole('cell', { name: '23', exact: true }).first()).toBeVisible();
  });

  test('detail shows stock, level and history; edit compares current and new', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const { inventory } = await stockedProduct(api, {
      prefix: 'DET',
      name: 'Detail Trekking Stove',
      onHand: 40,
      reserved: 5,
    });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/inventories/${inventory.id}`);
    await expect(page.getByRole('heading', { name: 'Inventory Details' })).toBeVisible();
    await expect(page.getByText('Detail Trekking Stove').first()).toBeVisible();
    await expect(page.getByText('On Hand', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('In Stock')).toBeVisible();
    await expect(page.getByText('88% available')).toBeVisible();
    const history = page.getByRole('table', { name: 'Movement history' });
    await expect(history.getByRole('row', { name: /Initial stock/ })).toBeVisible();
    await page.screenshot(shot('inventory-detail'));

    await page.getByRole('link', { name: 'Edit Inventory' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventories/${inventory.id}/edit$`));
    await expect(page.getByLabel('Available Quantity')).toHaveValue('35');
    await page.getByLabel('Quantity On Hand').fill('12');
    await expect(page.getByLabel('Available Quantity')).toHaveValue('7');
    const compare = page.getByRole('table', { name: 'Current vs New' });
    await expect(compare.getByRole('row', { name: 'On Hand 40 12 -28' })).toBeVisible();
    await expect(compare.getByRole('row', { name: 'Available 35 7 -28' })).toBeVisible();
    await page.getByLabel('Quantity Reserved').fill('13');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Reserved quantity cannot exceed quantity on hand' }),
    ).toBeVisible();
    await page.getByLabel('Quantity Reserved').fill('5');
    await page.screenshot(shot('inventory-edit'));
    await page.getByRole('button', { name: 'Update Inventory' }).click();

    await expect(page.getByText('Inventory updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/inventories/${inventory.id}$`));
    await expect(page.getByText('Low Stock')).toBeVisible();
    await expect(history.getByRole('row', { name: /Edit/ })).toBeVisible();
  });

  test('a manager toggles verified; the owning client sees a chip', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const { inventory } = await stockedProduct(admin, { prefix: 'VER', name: 'Verify Me Lantern', onHand: 15 });

    await signInAs(DEMO_USERS.manager);
    await page.goto(`/inventories/${inventory.id}`);
    const toggle = page
      .getByRole('switch', { name: 'Verified: No' })
      .or(page.getByRole('checkbox', { name: 'Verified: No' }));
    await toggle.click();
    await expect(page.getByText('Verified status updated successfully')).toBeVisible();
    await expect(page.getByText('Verified: Yes')).toBeVisible();

    const session = await signInAs(DEMO_USERS.client);
    const client = await apiClient(request, DEMO_USERS.client);
    await storeSession(page, {
      ...session,
      ...(await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.dallas)),
    });
    await page.goto(`/inventories/${inventory.id}`);
    await expect(page.getByRole('heading', { name: 'Inventory Details' })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText(/Verified: (Yes|No)/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Inventory' })).toHaveCount(0);
  });

  test('a client sees their selection without the account column', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const { sku } = await stockedProduct(admin, {
      prefix: 'CLI',
      name: 'Client Visible Stakes',
      onHand: 22,
      warehouse: DEMO_WAREHOUSES.newark,
    });

    const session = await signInAs(DEMO_USERS.client);
    const client = await apiClient(request, DEMO_USERS.client);
    await storeSession(page, {
      ...session,
      ...(await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark)),
    });
    await page.goto(`/inventories?search=${sku}`);
    const table = page.getByRole('table', { name: 'Inventory' });
    await expect(table.getByRole('row', { name: /Client Visible Stakes/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Account' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add Inventory' })).toHaveCount(0);
    await page.screenshot(shot('inventory-list-client'));
  });

  test('delete asks first; a deleted record is "not found" on its edit page', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const { inventory } = await stockedProduct(api, { prefix: 'DEL', name: 'Doomed Dry Bag', onHand: 3 });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/inventories/${inventory.id}`);
    await page.getByRole('button', { name: 'Delete Inventory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(dialog.getByText(/Are you sure you want to delete the inventory of "Doomed Dry Bag"/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByText('Inventory deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/inventories$/);

    await page.goto(`/inventories/${inventory.id}/edit`);
    await expect(page.getByText('Inventory not found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Inventories' }).click();
    await expect(page).toHaveURL(/\/inventories$/);
  });
});

test('movement history names the order by its number and links to it', async ({ page, request, signInAs }) => {
  const api = await apiClient(request, DEMO_USERS.admin);
  // A demo inventory row whose stock an order reserved.
  const { data: rows } = await api.get<{ data: { id: number }[] }>('/inventories?per_page=100');
  let found: { inventoryId: number; orderId: number; number: string } | undefined;
  for (const row of rows) {
    const { data: movements } = await api.get<{
      data: { reference_type: string | null; reference_id: number | null; order_number: string | null }[];
    }>(`/inventories/${row.id}/movements?per_page=100`);
    const byOrder = movements.find((m) => m.reference_type === 'order' && m.order_number);
    if (byOrder) {
      found = { inventoryId: row.id, orderId: byOrder.reference_id ?? 0, number: byOrder.order_number ?? '' };
      break;
    }
  }
  expect(found, 'a demo inventory row with an order movement').toBeDefined();
  await signInAs(DEMO_USERS.admin);
  await page.goto(`/inventories/${found!.inventoryId}`);
  const link = page.getByRole('link', { name: `Order ${found!.number}` }).first();
  await expect(link).toBeVisible();
  expect(found!.number).toMatch(/^ORD-\d+$/);
  await expect(link).toHaveAttribute('href', `/orders/${found!.orderId}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${found!.orderId}$`));
});

/** A date `days` from today as YYYY-MM-DD (expiry dates are calendar dates). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Lots on Add Inventory, and the list's "expiring within N days" select. */
test.describe('inventory lots', () => {
  test.describe.configure({ timeout: 120_000 });
  test('Add Inventory of a lot-tracked product asks for the lot and expiry, then keeps the units in that lot', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('LOTADD');
    await createProduct(api, {
      sku,
      name: 'Lot Tracked Fuel Canister',
      account_id: northwind.id,
      track_lots: true,
      track_expiry: true,
    });

    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/inventories/create');
    await page.getByRole('combobox', { name: 'Product' }).fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await page.locator('form').getByRole('combobox', { name: 'Warehouse' }).click();
    await page.getByRole('option', { name: /Dallas Distribution Hub/ }).click();
    await page.getByLabel('Quantity On Hand').fill('15');
    await expect(page.getByRole('combobox', { name: 'Put into location' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Inventory' }).click();
    // The server's words, the same as putaway's.
    await expect(page.getByText('Lot code is required for this product')).toBeVisible();
    await expect(page.getByText('Expiry date is required for this product')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'add inventory with lot fields');

    const expiry = daysFromToday(45);
    await page.getByRole('textbox', { name: 'Lot code' }).fill('FC-2031');
    await page.getByLabel('Expiry date').fill(expiry);
    await page.getByRole('button', { name: 'Create Inventory' }).click();
    await expect(page.getByText('Inventory created successfully')).toBeVisible();

    const { data: rows } = await api.get<{ data: { id: number }[] }>(`/inventories?search=${sku}&per_page=5`);
    await page.goto(`/inventories/${rows[0]!.id}`);
    const lots = page.getByRole('table', { name: 'Lots' });
    await expect(lots.getByRole('row').filter({ hasText: 'FC-2031' })).toContainText(expiry);
    await expect(
      page.getByRole('table', { name: 'Stock by location' }).getByRole('row', { name: /UNASSIGNED/ }),
    ).toContainText('15');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/inventories/create');
    await settle(page);
    await expectNoHorizontalOverflow(page, 'add inventory at 390px');
    await expectNoSeriousAxeViolations(page, 'add inventory at 390px');
  });

  test('the list filters rows by lots expiring within the chosen number of days, kept in the URL', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const tag = uniqueSku('EXPW');
    for (const [suffix, days] of [
      ['SOON', 5],
      ['LATER', 20],
    ] as const) {
      const product = await createProduct(api, {
        sku: `${tag}-${suffix}`,
        name: `Expiring ${suffix.toLowerCase()} ration`,
        account_id: northwind.id,
        track_expiry: true,
      });
      await createInventory(api, {
        product_id: product.id,
        warehouse_id: dallas.id,
        account_id: northwind.id,
        quantity_on_hand: 3,
        lot_code: `${suffix}-1`,
        expiry_date: daysFromToday(days),
      });
    }

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/inventories?warehouse=all&search=${tag}`);
    const table = page.getByRole('table', { name: 'Inventory' });
    await expect(table.getByRole('row', { name: /Expiring soon ration/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Expiring later ration/ })).toBeVisible();

    await page.getByRole('combobox', { name: 'Lots expiring within' }).click();
    await page.getByRole('option', { name: '7 days' }).click();
    await expect(page).toHaveURL(/expiring=7/);
    // Filtered by expiry, the list shows the expiring lots, one line per lot and location.
    const lots = page.getByRole('table', { name: 'Expiring lots' });
    await expect(lots.getByRole('row', { name: /Expiring soon ration/ })).toBeVisible();
    await expect(lots.getByRole('row', { name: /Expiring later ration/ })).toBeHidden();

    // A reload keeps the choice; 30 days brings the later lot back.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Lots expiring within' })).toHaveText('7 days');
    await page.getByRole('combobox', { name: 'Lots expiring within' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await expect(page).toHaveURL(/expiring=30/);
    await expect(lots.getByRole('row', { name: /Expiring later ration/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'inventory list with the expiry select');
  });
});
