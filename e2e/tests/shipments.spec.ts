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

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

interface ApiShipment {
  id: number;
  status: string;
  inventory_id: number | null;
}

test.describe('inbound shipments', () => {
  // Long flows with several axe audits (axe's experimental rules on): 30 s was too tight under CI load.
  test.describe.configure({ timeout: 90_000 });
  test('a client announces a shipment; the manager verifies it into inventory with a receipt movement', async ({
    page,
    request,
    signInAs,
  }) => {
    const client = await apiClient(request, DEMO_USERS.client);
    const northwind = await accountNamed(client, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('SHIP');
    // A product Newark has never stocked: verifying must create its inventory row.
    await createProduct(client, { sku, name: 'Inbound Ridge Backpack', account_id: northwind.id });

    const session = await signInAs(DEMO_USERS.client);
    await storeSession(page, {
      ...session,
      ...(await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark)),
    });
    await page.goto('/shipments/create');
    await expect(page.getByRole('heading', { name: 'Create Shipment' })).toBeVisible();
    // The header's account and warehouse are preselected; the delivery date defaults to today.
    await expect(page.locator('#account_id')).toHaveText(DEMO_ACCOUNTS.northwind);
    await expect(page.locator('#warehouse_id')).toContainText(DEMO_WAREHOUSES.newark);
    await expect(page.getByLabel('Expected Delivery Date')).not.toHaveValue('');

    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expect(page.getByText('Product is required')).toBeVisible();
    await expect(page.getByText('Quantity is required')).toBeVisible();

    await page.getByRole('combobox', { name: 'Product' }).fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await page.getByLabel('Quantity').fill('15');
    await page.getByRole('combobox', { name: 'Carrier' }).fill('FedEx');
    await page.getByRole('option', { name: 'FedEx', exact: true }).click();
    await page.getByLabel('Tracking Number').fill('7712-E2E-0001');
    await page.getByLabel('Notes').fill('One pallet, 15 cartons');
    await expectNoSeriousAxeViolations(page, 'shipment create');
    await page.screenshot(shot('shipment-create'));
    await page.getByRole('button', { name: 'Create Shipment' }).click();

    await expect(
      page.getByText('Shipment created successfully! Awaiting verification from warehouse manager.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/shipments$/);
    const table = page.getByRole('table', { name: 'Shipments' });
    const row = table.getByRole('row', { name: /Inbound Ridge Backpack/ });
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipment statistics' })).toContainText('Total Shipments');
    await expectNoSeriousAxeViolations(page, 'shipments list');

    const { data } = await client.get<{ data: ApiShipment[] }>(`/shipments?search=${sku}`);
    const shipment = data[0]!;

    await signInAs(DEMO_USERS.manager);
    await page.goto(`/shipments/${shipment.id}`);
    await expect(page.getByRole('heading', { name: `Shipment #${shipment.id}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Product' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shipping' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await page.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Shipment' });
    await dialog.getByLabel('Verification notes (optional)').fill('Counted 15, all sealed');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Shipment verified successfully! Inventory has been updated.')).toBeVisible();
    await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Shipment timeline' });
    await expect(timeline.getByText(/Shipment of 15 × .* verified/)).toBeVisible();
    await expect(timeline.getByText('by Maria Gonzalez')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'shipment detail');
    await page.screenshot(shot('shipment-detail-verified'));

    const manager = await apiClient(request, DEMO_USERS.manager);
    const verified = await manager.get<{ data: ApiShipment }>(`/shipments/${shipment.id}`);
    expect(verified.data.inventory_id).not.toBeNull();
    await page.goto(`/inventories/${verified.data.inventory_id}`);
    await expect(page.getByRole('heading', { name: 'Inventory Details' })).toBeVisible();
    await expect(page.getByText('Inbound Ridge Backpack').first()).toBeVisible();
    const history = page.getByRole('table', { name: 'Movement history' });
    const receipt = history.getByRole('row', { name: /Receipt/ });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText('15');
    const onHand = page.getByText('On Hand', { exact: true }).first().locator('..');
    await expect(onHand).toContainText('15');
  });

  test('a rejected shipment shows its reason to the client, also at phone width', async ({
    page,
    request,
    signInAs,
  }) => {
    const client = await apiClient(request, DEMO_USERS.client);
    const northwind = await accountNamed(client, DEMO_ACCOUNTS.northwind);
    const newark = await warehouseNamed(client, DEMO_WAREHOUSES.newark);
    const sku = uniqueSku('REJ');
    const product = await createProduct(client, { sku, name: 'Rejected Camp Chair', account_id: northwind.id });
    const { data: shipment } = await client.post<{ data: ApiShipment }>('/shipments', {
      account_id: northwind.id,
      warehouse_id: newark.id,
      product_id: product.id,
      quantity: 8,
      carrier: 'Local Courier Co.',
      tracking_number: null,
      delivery_date: null,
      notes: null,
    });

    await signInAs(DEMO_USERS.manager);
    await page.goto(`/shipments/${shipment.id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Shipment' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please provide a reason for rejection')).toBeVisible();
    await dialog.getByLabel('Reason for rejection').fill('Cartons crushed in transit');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Shipment rejected', { exact: true })).toBeVisible();
    await expect(page.getByText('Rejected:')).toBeVisible();

    const session = await signInAs(DEMO_USERS.client);
    await storeSession(page, {
      ...session,
      ...(await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark)),
    });
    await page.goto('/shipments?status=rejected');
    const table = page.getByRole('table', { name: 'Shipments' });
    await expect(table.getByRole('row', { name: /Rejected Camp Chair/ })).toBeVisible();
    await table.getByRole('link', { name: 'Rejected Camp Chair' }).click();
    await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}$`));
    await expect(page.getByRole('alert').filter({ hasText: 'Cartons crushed in transit' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Shipment timeline' })).toContainText('Cartons crushed in transit');
    // Neither edit nor delete once rejected, and never verify or reject for a client.
    for (const name of ['Edit', 'Delete', 'Verify', 'Reject']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }

    await page.setViewportSize({ width: 390, height: 800 });
    await expectNoHorizontalOverflow(page, 'shipment detail (phone)');
    await expectNoSeriousAxeViolations(page, 'shipment detail (phone)');
    await page.goto('/shipments?status=rejected');
    await expect(page.getByRole('list', { name: 'Shipments' }).getByText('Rejected Camp Chair')).toBeVisible();
    await expectNoHorizontalOverflow(page, 'shipments list (phone)');
    await expectNoSeriousAxeViolations(page, 'shipments list (phone)');
    await page.screenshot(shot('shipments-list-phone'));
    await page.goto('/shipments/create');
    await expect(page.getByRole('heading', { name: 'Create Shipment' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'shipment create (phone)');
    await expectNoSeriousAxeViolations(page, 'shipment create (phone)');
  });
});
