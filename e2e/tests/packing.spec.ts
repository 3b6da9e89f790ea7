import type { Page } from '@playwright/test';
import { PACKING_MESSAGES } from '@wms/contract/packing';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { desktopChromium } from '../fixtures/browsers';
import { type ApiClient, apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { pickedWave } from '../fixtures/packing';
import { pdfBarcodes, pdfOpenedBy } from '../fixtures/pdf-barcodes';
import { expect, storeSession, test } from '../fixtures/session';
import { inWarehouse, scan, type WaveSetUp, waveSetUp } from '../fixtures/waves';

// The station prints by opening its documents in a tab: the desktop browser's PDF viewer shows them.
test.use({ launchOptions: desktopChromium });

interface PackView {
  items: { sku: string; verified: number; packed: number }[];
  cartons: { id: number; number: number; status: string; sscc: string | null; tracking_number: string | null }[];
}

const feedback = (page: Page) => page.getByTestId('scan-feedback');

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A GS1 company prefix from GS1's own examples: the installation numbers its cartons with it. */
const COMPANY_PREFIX = '0614141';

/** One more order of the set-up's shipper: one unit each of A, B and C. */
async function threeItemOrder(admin: ApiClient, setUp: WaveSetUp, reference: string) {
  const northwind = (await admin.get<{ data: { id: number; name: string }[] }>('/accounts?per_page=100')).data.find(
    (account) => account.name === DEMO_ACCOUNTS.northwind,
  )!;
  const { a, b, c } = setUp.products;
  const created = await admin.post<{ data: { id: number; order_number: string }[] }>('/orders/bulk', {
    warehouse_id: setUp.warehouse.id,
    orders: [
      {
        account_id: northwind.id,
        shipper_id: setUp.shipper.id,
        customer_name: `Packing Customer ${reference}`,
        ship_date: new Date().toISOString().slice(0, 10),
        order_id: reference,
        notes: 'Fragile: pack the lamp apart.',
        products: [a, b, c].map((product) => ({ product_id: product.productId, quantity: 1 })),
      },
    ],
  });
  return created.data[0]!;
}

/**
 * The packing bench at 1440 px: a picked 3-item order is scanned in (a wrong code and one unit too many are refused
 * loudly), packed into two cartons — one moved over from the first — weighed by typing like a keyboard scale, closed
 * (each gets an SSCC). The slip and both carton labels open as PDFs whose barcodes decode (the labels' to their
 * SSCCs), then Ship with a tracking number per carton. The client then sees the order shipped with them.
 */
test.describe('packing station', () => {
  test.describe.configure({ timeout: 240_000 });

  test('pack a picked order into two cartons by scanning, print its documents and ship it', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'PKS');
    const reference = `PACK-${setUp.shipper.id}`;
    const order = await threeItemOrder(admin, setUp, reference);
    await pickedWave(admin, setUp, [order.id]);
    await admin.put('/settings/packing', { gs1_company_prefix: COMPANY_PREFIX, sscc_extension_digit: 0 });
    const boxName = `Medium ${setUp.shipper.id}`;
    await admin.post(`/warehouses/${setUp.warehouse.id}/carton-types`, {
      name: boxName,
      length_mm: 400,
      width_mm: 300,
      height_mm: 200,
      tare_weight_g: 180,
    });
    const stationName = `Bench ${setUp.shipper.id}`;
    await admin.post(`/warehouses/${setUp.warehouse.id}/packing-stations`, { name: stationName, output: 'browser' });
    const packOf = async () => (await admin.get<{ data: PackView }>(`/orders/${order.id}/pack`)).data;
    const { a, b, c } = setUp.products;

    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/packing');
    await page.getByLabel('Packing station').selectOption({ label: `${stationName} · browser` });

    // The order's external id names it as well as its number; an unknown code is refused.
    await scan(page, 'Tote, order or wave', 'NOTHING-HERE');
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await scan(page, 'Tote, order or wave', reference);
    await expect(page).toHaveURL(new RegExp(`/packing/orders/${order.id}$`));
    await expect(page.getByRole('heading', { name: `Pack ${order.order_number}` })).toBeVisible();
    await expect(page.getByText(`Station ${stationName}`)).toBeVisible();

    // The first carton, of the warehouse's medium type; three units scanned into it.
    await page.getByLabel('Carton type').selectOption({ label: `${boxName} · 400 × 300 × 200 mm` });
    await page.getByRole('button', { name: 'Open carton' }).click();
    await expect(page.getByRole('region', { name: 'Carton 1 of 1', exact: true })).toBeVisible();
    const unit = page.getByRole('textbox', { name: 'Scan a unit', exact: true });
    for (const product of [a, b, c]) {
      await scan(page, 'Scan a unit', product.sku);
      await expect(feedback(page)).toHaveText(PACKING_MESSAGES.verified(product.sku, 1, 1, 1));
      await expect(feedback(page)).toHaveAttribute('data-status', 'success');
    }
    // Loud refusals: a product not in the order, one unit more than ordered; the field keeps the focus.
    await scan(page, 'Scan a unit', 'NOT-IN-THIS-ORDER');
    await expect(feedback(page)).toHaveText(PACKING_MESSAGES.notInOrder('NOT-IN-THIS-ORDER'));
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await expect(unit).toBeFocused();
    await scan(page, 'Scan a unit', a.sku);
    await expect(feedback(page)).toHaveText(/this one is extra/);
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await expect(unit).toBeFocused();
    await expect.poll(async () => (await packOf()).items.map((item) => item.packed)).toEqual([1, 1, 1]);

    // A second carton, of the custom type with typed dimensions; C moves over into it.
    await page.getByLabel('Carton type').selectOption({ label: 'Custom' });
    await page.getByRole('textbox', { name: 'Length (mm)' }).fill('250');
    await page.getByRole('textbox', { name: 'Width (mm)' }).fill('200');
    await page.getByRole('textbox', { name: 'Height (mm)' }).fill('120');
    await page.getByRole('button', { name: 'Open carton' }).click();
    const first = page.getByRole('region', { name: 'Carton 1 of 2', exact: true });
    const second = page.getByRole('region', { name: 'Carton 2 of 2', exact: true });
    await expect(second).toBeVisible();
    await first.getByRole('listitem').filter({ hasText: c.sku }).getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog');
    await expect(move.getByLabel('Into carton')).toHaveValue(/\d+/);
    await move.getByRole('button', { name: 'Move units' }).click();
    await expect(second.getByText(`1 × ${c.sku}`)).toBeVisible();
    await expect(first.getByText(`1 × ${c.sku}`)).toHaveCount(0);

    // Weighed like a keyboard scale types: a reading and Enter closes the carton; each gets its SSCC.
    await page.getByRole('textbox', { name: 'Weight of carton 1' }).fill('1.25 kg');
    await page.getByRole('textbox', { name: 'Weight of carton 1' }).press('Enter');
    await expect(first.getByTestId('carton-sscc')).toBeVisible();
    await page.getByRole('textbox', { name: 'Weight of carton 2' }).fill('640');
    await page.getByRole('textbox', { name: 'Weight of carton 2' }).press('Enter');
    await expect(second.getByTestId('carton-sscc')).toBeVisible();
    const cartons = (await packOf()).cartons;
    expect(cartons.map((carton) => carton.status)).toEqual(['closed', 'closed']);
    const ssccs = cartons.map((carton) => carton.sscc!);
    expect(ssccs.every((sscc) => sscc.startsWith(`0${COMPANY_PREFIX}`))).toBe(true);
    await expect(first.getByTestId('carton-sscc')).toHaveText(`SSCC (00) ${ssccs[0]}`);
    await page.screenshot({ path: 'test-results/packing-station-1440.png', fullPage: true });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'packing station at 1440px');

    // Documents: the slip opens as a PDF whose barcode decodes to the order number; each carton label's to its SSCC.
    const documents = page.getByRole('region', { name: 'Documents', exact: true });
    const slip = await pdfOpenedBy(page, /\/packing-slip$/, () =>
      documents.getByRole('button', { name: 'Open packing slip' }).click(),
    );
    expect(slip.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfBarcodes(slip)[0]).toContain(order.order_number);
    for (const [index, sscc] of ssccs.entries()) {
      const label = await pdfOpenedBy(page, new RegExp(`/cartons/${cartons[index]!.id}/label$`), () =>
        documents.getByRole('button', { name: `Open label of carton ${index + 1}` }).click(),
      );
      expect(label.subarray(0, 5).toString()).toBe('%PDF-');
      const decoded = pdfBarcodes(label).flat();
      expect(
        decoded.some((data) => data.includes(`00${sscc}`) || data.endsWith(sscc)),
        decoded.join(', '),
      ).toBe(true);
    }

    // Ship: a carrier and a tracking number per carton.
    const tracking = [`1ZPACK${order.id}A`, `1ZPACK${order.id}B`];
    const ship = page.getByRole('region', { name: 'Ship', exact: true });
    for (const [index, number] of tracking.entries()) {
      await ship.getByRole('textbox', { name: `Carrier of carton ${index + 1}` }).fill('UPS');
      await ship.getByRole('textbox', { name: `Tracking number of carton ${index + 1}` }).fill(number);
    }
    await ship.getByRole('button', { name: `Ship ${order.order_number}` }).click();
    await expect(page.getByRole('status').filter({ hasText: /shipped/i })).toBeVisible();
    await expect
      .poll(async () => (await packOf()).cartons.map((carton) => carton.status))
      .toEqual(['shipped', 'shipped']);

    // The client sees the order shipped, with its tracking numbers.
    const client = await apiClient(request, DEMO_USERS.client);
    const clientSession = await signInAs(DEMO_USERS.client);
    const selection = await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.dallas);
    await storeSession(page, { ...clientSession, ...selection });
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: new RegExp(order.order_number) })).toBeVisible();
    await expect(page.getByText(/shipped/i).first()).toBeVisible();
    for (const number of tracking) await expect(page.getByText(number).first()).toBeVisible();
  });

  /** The station on a phone: start, the order with its panels stacked, a scan; axe finds nothing serious. */
  test('the station at 390 px', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'PKP');
    const order = setUp.orders[1]!;
    await pickedWave(admin, setUp, [order.id]);

    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/packing');
    await expect(page.getByRole('textbox', { name: 'Tote, order or wave' })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'packing start at 390px');
    await expectNoHorizontalOverflow(page, 'packing start at 390px');

    await scan(page, 'Tote, order or wave', order.order_number);
    await expect(page).toHaveURL(new RegExp(`/packing/orders/${order.id}$`));
    await scan(page, 'Scan a unit', 'NOT-IN-THIS-ORDER');
    await expect(feedback(page)).toHaveText(PACKING_MESSAGES.notInOrder('NOT-IN-THIS-ORDER'));
    await scan(page, 'Scan a unit', setUp.products.b.sku);
    await expect(feedback(page)).toHaveText(PACKING_MESSAGES.verified(setUp.products.b.sku, 1, 1, 1));
    await expect(feedback(page)).toHaveAttribute('data-status', 'success');
    await expect(page.getByRole('region', { name: 'Carton 1 of 1', exact: true })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'packing an order at 390px');
    await expectNoHorizontalOverflow(page, 'packing an order at 390px');
    await page.screenshot({ path: 'test-results/packing-station-390.png', fullPage: true });
  });
});

/**
 * The set-up an admin does once: on the warehouse's packing page a carton type, a printer network and a printer
 * station (an address outside the network is refused on its field, as the server words it); in Settings → Packing
 * the installation's GS1 company prefix. axe at 1440 px on both.
 */
test.describe('packing set-up', () => {
  test('carton types, printer networks and stations of a warehouse; the GS1 prefix in Settings', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const { data: warehouses } = await admin.get<{ data: { id: number; name: string }[] }>('/warehouses?per_page=100');
    const dallas = warehouses.find((warehouse) => warehouse.name === DEMO_WAREHOUSES.dallas)!;
    const suffix = Date.now().toString(36).toUpperCase();
    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/warehouses');
    await page.getByRole('link', { name: `Packing set-up of ${DEMO_WAREHOUSES.dallas}` }).click();
    await expect(page).toHaveURL(new RegExp(`/warehouses/${dallas.id}/packing$`));

    // A carton type.
    await page.getByRole('button', { name: 'Add carton type' }).click();
    const typeDialog = page.getByRole('dialog');
    await typeDialog.getByRole('textbox', { name: 'Name' }).fill(`Shoebox ${suffix}`);
    await typeDialog.getByRole('textbox', { name: 'Inner length (mm)' }).fill('330');
    await typeDialog.getByRole('textbox', { name: 'Inner width (mm)' }).fill('200');
    await typeDialog.getByRole('textbox', { name: 'Inner height (mm)' }).fill('120');
    await typeDialog.getByRole('textbox', { name: 'Tare weight (g)' }).fill('150');
    await typeDialog.getByRole('button', { name: 'Add carton type' }).click();
    const types = page.getByRole('table', { name: 'Carton types' });
    await expect(types.getByRole('row', { name: new RegExp(`Shoebox ${suffix}`) })).toContainText('330 × 200 × 120 mm');
    await expect(types.getByRole('row', { name: /Custom/ })).toContainText('Always available');

    // The printer network, then a printer station: outside the network refused, inside saved.
    await page.getByRole('textbox', { name: 'Network (CIDR)' }).fill('10.77.0.0/16');
    await page.getByRole('textbox', { name: 'Note' }).fill('Dallas packing benches');
    await page.getByRole('button', { name: 'Allow network' }).click();
    await expect(page.getByRole('list', { name: 'Allowed printer networks' })).toContainText('10.77.0.0/16');
    await page.getByRole('button', { name: 'Add station' }).click();
    const stationDialog = page.getByRole('dialog');
    await stationDialog.getByRole('textbox', { name: 'Station name' }).fill(`Zebra bench ${suffix}`);
    await stationDialog.getByRole('radio', { name: /network label printer/ }).check();
    await stationDialog.getByRole('textbox', { name: 'Printer address' }).fill('192.168.200.9');
    await stationDialog.getByRole('button', { name: 'Add station' }).click();
    await expect(
      stationDialog.getByText('This printer address is outside the warehouse’s printer networks.'),
    ).toBeVisible();
    await stationDialog.getByRole('textbox', { name: 'Printer address' }).fill('10.77.1.20');
    await stationDialog.getByRole('button', { name: 'Add station' }).click();
    await expect(page.getByRole('table', { name: 'Packing stations' })).toContainText('10.77.1.20:9100');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'packing set-up at 1440px');

    // The account's logo for its packing slips (a real PNG: the server reads the type from the bytes).
    const northwind = (await admin.get<{ data: { id: number; name: string }[] }>('/accounts?per_page=100')).data.find(
      (account) => account.name === DEMO_ACCOUNTS.northwind,
    )!;
    await page.goto(`/accounts/${northwind.id}/edit`);
    await page.getByLabel('Logo image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('img', { name: 'Account logo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace logo' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Require a shipping label before Ship' })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'account form with packing fields at 1440px');

    // The installation's GS1 company prefix.
    await page.goto('/setting?tab=packing');
    await page.getByRole('textbox', { name: 'GS1 company prefix' }).fill('0614141');
    await page.getByRole('button', { name: 'Save packing settings' }).click();
    await expect
      .poll(
        async () =>
          (await admin.get<{ data: { gs1_company_prefix: string } }>('/settings/packing')).data.gs1_company_prefix,
      )
      .toBe('0614141');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'packing settings at 1440px');
  });
});
