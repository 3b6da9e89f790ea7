import { expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

const view = {
  order: {
    id: 999,
    order_number: 'ORD-000999',
    external_id: 'EXT-42',
    status: 'Picked',
    account_id: 1,
    warehouse_id: 2,
    require_label: false,
    has_label: true,
    carrier: 'UPS',
    tracking_number: '1Z999AA10123456784',
    wave: { id: 5, number: 'WAVE-000005', slot: 2, tote: 'T-12' },
  },
  items: [
    {
      id: 1,
      sku: 'NW-TENT-2P',
      name: 'Trail tent 2 persons',
      barcode: '0012345678905',
      lot_tracked: false,
      quantity: 1,
      picked: 1,
      verified: 1,
      packed: 1,
      lots: [],
    },
    {
      id: 2,
      sku: 'NW-LAMP-01',
      name: 'Camping lamp',
      barcode: null,
      lot_tracked: true,
      quantity: 2,
      picked: 2,
      verified: 1,
      packed: 1,
      lots: [{ lot_id: 3, lot_number: 'L-2026-11', picked: 2 }],
    },
    {
      id: 3,
      sku: 'NW-MUG-STEEL',
      name: 'Steel mug',
      barcode: null,
      lot_tracked: false,
      quantity: 3,
      picked: 2,
      verified: 0,
      packed: 0,
      lots: [],
    },
  ],
  cartons: [
    {
      id: 11,
      number: 1,
      carton_type_id: 2,
      type_name: 'Medium',
      length_mm: 400,
      width_mm: 300,
      height_mm: 200,
      weight_g: 1250,
      status: 'closed',
      sscc: '006141410000000018',
      carrier: null,
      tracking_number: null,
      items: [{ order_item_id: 1, sku: 'NW-TENT-2P', lot_id: null, lot_number: null, quantity: 1 }],
    },
    {
      id: 12,
      number: 2,
      carton_type_id: 1,
      type_name: 'Custom',
      length_mm: 250,
      width_mm: 200,
      height_mm: 120,
      weight_g: null,
      status: 'open',
      sscc: null,
      carrier: null,
      tracking_number: null,
      items: [{ order_item_id: 2, sku: 'NW-LAMP-01', lot_id: 3, lot_number: 'L-2026-11', quantity: 1 }],
    },
    {
      id: 13,
      number: 3,
      carton_type_id: 1,
      type_name: 'Custom',
      length_mm: 250,
      width_mm: 200,
      height_mm: 120,
      weight_g: null,
      status: 'open',
      sscc: null,
      carrier: null,
      tracking_number: null,
      items: [],
    },
  ],
  ready_to_ship: false,
  blockers: ['Verify every unit before shipping.', 'Close the 2 open cartons first.'],
};

for (const width of [1440, 390]) {
  test(`preview at ${width}`, async ({ page, signInAs }) => {
    await page.route('**/api/warehouses/*/packing-stations', (route) =>
      route.fulfill({
        json: {
          data: [
            {
              id: 1,
              warehouse_id: 2,
              name: 'Bench 1',
              output: 'browser',
              printer_host: null,
              printer_port: 9100,
              active: true,
            },
          ],
        },
      }),
    );
    await page.route('**/api/warehouses/*/carton-types', (route) =>
      route.fulfill({
        json: {
          data: [
            {
              id: 1,
              warehouse_id: 2,
              name: 'Custom',
              is_custom: true,
              length_mm: null,
              width_mm: null,
              height_mm: null,
              tare_weight_g: 0,
              active: true,
            },
            {
              id: 2,
              warehouse_id: 2,
              name: 'Medium',
              is_custom: false,
              length_mm: 400,
              width_mm: 300,
              height_mm: 200,
              tare_weight_g: 180,
              active: true,
            },
          ],
        },
      }),
    );
    await page.route('**/api/warehouses/*/printer-networks', (route) =>
      route.fulfill({
        json: {
          data: [
            { id: 1, warehouse_id: 2, cidr: '10.20.0.0/16', note: 'Dallas floor', created_by: null, created_at: '' },
          ],
        },
      }),
    );
    await page.route('**/api/orders/999/pack', (route) => route.fulfill({ json: { data: view } }));
    await page.route('**/api/orders/999/pack/scan', (route) =>
      route.fulfill({ status: 422, json: { message: 'x', errors: { code: ['NOPE is not in this order.'] } } }),
    );
    await page.route('**/api/orders/999/labels', (route) => route.fulfill({ json: { data: [] } }));
    await page.route('**/api/packing/lookup', (route) =>
      route.fulfill({
        json: {
          data: {
            kind: 'wave',
            wave_id: 5,
            wave_number: 'WAVE-000005',
            orders: [
              { order_id: 999, order_number: 'ORD-000999', slot: 1, tote: null },
              { order_id: 998, order_number: 'ORD-000998', slot: 2, tote: 'T-2' },
            ],
          },
        },
      }),
    );
    await page.route('**/api/waves/5/pack-sort', (route) =>
      route.fulfill({
        json: {
          data: {
            order_id: 998,
            order_number: 'ORD-000998',
            slot: 2,
            tote: 'T-2',
            message: 'Put it in slot 2 — ORD-000998.',
          },
        },
      }),
    );
    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/packing/orders/999');
    await expect(page.getByRole('heading', { name: 'Pack ORD-000999' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Scan a unit', exact: true });
    await field.fill('NOPE');
    await field.press('Enter');
    await expect(page.getByTestId('scan-feedback')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `test-results/preview-order-${width}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, `order ${width}`);
    await page.goto('/packing');
    const start = page.getByRole('textbox', { name: 'Tote, order or wave' });
    await start.fill('WAVE-000005');
    await start.press('Enter');
    const sort = page.getByRole('textbox', { name: 'Product barcode or SKU' });
    await sort.fill('NW-MUG');
    await sort.press('Enter');
    await expect(page.getByTestId('sort-instruction')).toContainText('slot 2');
    await settle(page);
    await page.screenshot({ path: `test-results/preview-sort-${width}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, `sort ${width}`);
    await page.goto('/warehouses/2/packing');
    await expect(page.getByRole('heading', { name: 'Carton types' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `test-results/preview-setup-${width}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, `setup ${width}`);
  });
}
