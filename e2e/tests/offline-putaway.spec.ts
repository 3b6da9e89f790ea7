import { expect, type Page, test } from '@playwright/test';
import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  accountNamed,
  apiClient,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  type LocationRef,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { copyShowing, putRememberedCopy, rememberedCopy, waitingToSync } from '../fixtures/offline';
import { apiLogin, type SignedIn, storeSession } from '../fixtures/session';

const SAVED_OFFLINE = 'Saved on this device: it is sent when the network is back.';
const UNITS = 10;

interface ShipmentView {
  id: number;
  status: string;
  inventory_id: number | null;
  lines: { id: number }[];
}

/** Opens a shipment's page online and waits until what putaway needs offline has been read (and so kept). */
async function openOnline(page: Page, shipmentId: number, warehouseId: number) {
  const read = (part: string) => page.waitForResponse((r) => r.url().includes(part) && r.ok());
  await Promise.all([
    read(`/api/shipments/${shipmentId}/putaway-suggestions`),
    read(`/api/warehouses/${warehouseId}/locations?page=1`),
    page.goto(`/shipments/${shipmentId}`),
  ]);
  await expect(page.getByRole('heading', { name: `Shipment #${shipmentId}` })).toBeVisible();
}

/** Verify on the phone: every unit of the one line into the bin scanned (typed and Enter). */
async function putAwayOnPhone(page: Page, sku: string, binCode: string) {
  const dialog = page.getByRole('dialog', { name: 'Verify Shipment' });
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const box = dialog.getByRole('combobox', { name: `Location ${sku} #1` });
  await box.fill(binCode.toLowerCase());
  await box.press('Enter');
  await expect(box).toHaveValue(binCode);
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A receiver on a 390 px phone opens two announced shipments online (each shipment, its suggested locations and the
 * warehouse's locations are kept on the phone), walks to the dock's dead spot and puts both away offline — the bins
 * scanned are checked against the held locations with the online messages, each putaway shows at once — with a
 * reload in the dead spot between them. Meanwhile a supervisor deactivates the second shipment's target bin. Back
 * online, the first putaway is applied exactly once (one ledger row) and the second is under "needs attention" with
 * the server's message, its shipment still pending.
 */
test.describe('putaway through a Wi-Fi drop', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ serviceWorkers: 'allow' });

  test('two putaways made offline: one applied once, one whose bin was deactivated needs attention', async ({
    page,
    context,
    request,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const dallas = await warehouseNamed(admin, DEMO_WAREHOUSES.dallas);
    const northwind = await accountNamed(admin, DEMO_ACCOUNTS.northwind);
    const bin = async () =>
      (
        await admin.post<{ location: LocationRef }>(`/warehouses/${dallas.id}/locations`, {
          code: uniqueSku('OFFPA-BIN'),
          zone: 'E2EOP',
          type: 'storage',
        })
      ).location;
    const announce = async () => {
      const product = await createProduct(admin, {
        sku: uniqueSku('OFFPA'),
        name: 'Offline putaway',
        account_id: northwind.id,
      });
      const { data } = await admin.post<{ data: ShipmentView }>('/shipments', {
        account_id: northwind.id,
        warehouse_id: dallas.id,
        lines: [{ product_id: product.id, quantity: UNITS }],
      });
      return { product, shipment: data, bin: await bin() };
    };
    const good = await announce();
    const refused = await announce();

    const session = await apiLogin(request, DEMO_USERS.manager);
    const { data: warehouses } = await admin.get<{ data: { id: number }[] }>('/warehouses?per_page=100');
    const header = warehouses.find((w) => w.id === dallas.id) as unknown as SignedIn['warehouse'];
    await storeSession(page, { ...session, warehouse: header });
    await page.setViewportSize({ width: 390, height: 844 });
    await openOnline(page, refused.shipment.id, dallas.id);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await openOnline(page, good.shipment.id, dallas.id);
    const copyBeforePutaway = await rememberedCopy(page, `:shipment:${good.shipment.id}`, copyShowing(0));

    await context.setOffline(true);
    await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
    // A scanned code is checked against the held locations, with the online message.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Shipment' });
    const box = dialog.getByRole('combobox', { name: `Location ${good.product.sku} #1` });
    await box.fill('NO-SUCH-BIN');
    await box.press('Enter');
    await expect(dialog.getByText('No active location with the code NO-SUCH-BIN in this warehouse.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await putAwayOnPhone(page, good.product.sku, good.bin.code);
    await expect(page.getByRole('status').filter({ hasText: SAVED_OFFLINE })).toBeVisible();
    await expect(waitingToSync(page, 1)).toBeVisible();
    const card = page.getByTestId('shipment-line-card');
    await expect(card).toContainText(`Put away: ${good.bin.code}: ${UNITS}`);
    await page.screenshot({ path: 'test-results/offline-putaway-saved-390.png' });

    // A reload in the dead spot: the app, the queue and the shipment as put away on the phone all survive — even
    // when the phone's copy of the shipment is from before the putaway (a reload that beat its write): the putaway
    // still queued is applied to it, the bin's code from the phone's copy of the locations.
    await rememberedCopy(page, `:shipment:${good.shipment.id}`, copyShowing(1));
    await putRememberedCopy(page, copyBeforePutaway);
    await page.reload();
    await expect(waitingToSync(page, 1)).toBeVisible();
    await expect(page.getByTestId('shipment-line-card')).toContainText(`Put away: ${good.bin.code}: ${UNITS}`);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'putaway offline at 390px');
    await expectNoHorizontalOverflow(page, 'putaway offline at 390px');

    // The supervisor, meanwhile, deactivates the bin the second shipment is about to go to.
    await admin.put(`/locations/${refused.bin.id}`, {
      code: refused.bin.code,
      zone: 'E2EOP',
      type: 'storage',
      is_active: false,
    });
    await page.goto(`/shipments/${refused.shipment.id}`);
    await putAwayOnPhone(page, refused.product.sku, refused.bin.code);
    await expect(waitingToSync(page, 2)).toBeVisible();
    const verified = async (id: number) => (await admin.get<{ data: ShipmentView }>(`/shipments/${id}`)).data;
    expect((await verified(good.shipment.id)).status).toBe('pending');

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: SAVED_OFFLINE })).toHaveCount(0);
    const applied = await verified(good.shipment.id);
    expect(applied.status).toBe('verified');
    const { data: movements } = await admin.get<{ data: { reference_type: string | null; quantity?: number }[] }>(
      `/inventories/${applied.inventory_id}/movements?per_page=100`,
    );
    expect(movements.filter((m) => m.reference_type === 'shipment')).toHaveLength(1);
    expect((await verified(refused.shipment.id)).status).toBe('pending');

    await page.getByRole('button', { name: 'Needs attention (1)' }).click();
    const sync = page.getByRole('dialog', { name: 'Sync' });
    const attention = sync.getByRole('listitem');
    await expect(attention).toHaveCount(1);
    await expect(attention).toContainText(
      `Put away ${UNITS} × ${refused.product.sku} to ${refused.bin.code} (shipment #${refused.shipment.id})`,
    );
    await expect(attention.getByRole('alert')).toHaveText(SHIPMENT_MESSAGES.locationInvalid);
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-putaway-attention-390.png' });
    await expectNoSeriousAxeViolations(page, 'putaway needing attention at 390px');
    await sync.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/offline-putaway-1440.png' });
  });
});
