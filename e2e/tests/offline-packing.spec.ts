import { expect, type Page, test } from '@playwright/test';
import { PACKING_MESSAGES } from '@wms/contract/packing';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import {
  copyShowing,
  putRememberedCopy,
  reconnectLosingFirstAnswer,
  rememberedCopy,
  waitingToSync,
} from '../fixtures/offline';
import { pickedWave } from '../fixtures/packing';
import { apiLogin } from '../fixtures/session';
import { inWarehouse, scan, waveSetUp } from '../fixtures/waves';

interface PackView {
  order: { status: string };
  items: { sku: string; verified: number; packed: number }[];
  cartons: { status: string; items: { sku: string; quantity: number }[] }[];
  blockers: string[];
}

/** What the offline screen says of the network-only parts (kept in step with offline-pack.ts). */
const NEEDS_NETWORK = {
  documents: 'Offline: the packing slip and labels need the network.',
  ship: 'Offline: shipping needs the network.',
};

const feedback = (page: Page) => page.getByTestId('scan-feedback');

/**
 * A packer on a 390 px phone opens two picked orders' pack screens online, loses the network and scans units of the
 * first into a carton (judged against the order held on the phone, with the online messages: a wrong code and one
 * unit too many refused), reloads in the dead spot (the queue and the screen survive), then scans a unit of the
 * second order — which a supervisor cancels meanwhile. Back online, the network drops in the middle of the first
 * replayed scan, after the server applied it. When it is back, the first order's three units are packed exactly once
 * (not four) in one carton, and the second order's scan is under "needs attention" with the server's message.
 */
test.describe('packing through a Wi-Fi drop', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ serviceWorkers: 'allow' });

  test('scans made offline sync once each; a scan of a cancelled order needs attention', async ({
    page,
    context,
    request,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'OFPK');
    const { a, b, c } = setUp.products;
    // The set-up's 5th order is 1 × B and 2 × C; its 4th is 1 × A and 1 × B. Both picked onto the cart.
    const packed = setUp.orders[4]!;
    const cancelled = setUp.orders[3]!;
    await pickedWave(admin, setUp, [packed.id, cancelled.id]);
    const packOf = async (orderId: number) => (await admin.get<{ data: PackView }>(`/orders/${orderId}/pack`)).data;

    const session = await apiLogin(request, DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 390, height: 844 });
    // Both orders opened online: each is kept on the phone.
    await page.goto(`/packing/orders/${cancelled.id}`);
    await expect(page.getByRole('heading', { name: `Pack ${cancelled.order_number}` })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(`/packing/orders/${packed.id}`);
    await expect(page.getByRole('heading', { name: `Pack ${packed.order_number}` })).toBeVisible();
    await expect(page.getByTestId('pack-totals')).toContainText('Picked 3');
    const copyBeforeScans = await rememberedCopy(page, `:pack:${packed.id}`, copyShowing(0));

    await context.setOffline(true);
    await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
    // What needs the carrier, the printer or the ledger says so, disabled.
    await expect(page.getByText(NEEDS_NETWORK.ship)).toBeVisible();
    await expect(page.getByRole('button', { name: `Ship ${packed.order_number}` })).toBeDisabled();
    await expect(page.getByText(NEEDS_NETWORK.documents)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open packing slip' })).toBeDisabled();

    // Checked against the held order with the online message; nothing is queued for it.
    await scan(page, 'Scan a unit', 'NOT-IN-THIS-ORDER');
    await expect(feedback(page)).toHaveText(PACKING_MESSAGES.notInOrder('NOT-IN-THIS-ORDER'));
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await scan(page, 'Scan a unit', b.sku);
    await expect(feedback(page)).toContainText(PACKING_MESSAGES.verified(b.sku, 1, 1, 1));
    await expect(waitingToSync(page, 1)).toBeVisible();
    await scan(page, 'Scan a unit', c.sku);
    await expect(feedback(page)).toContainText(PACKING_MESSAGES.verified(c.sku, 1, 2, 1));
    await expect(waitingToSync(page, 2)).toBeVisible();

    // A reload in the dead spot: the app from the browser's cache, the queue and the order from the phone — even
    // when the phone's copy of the order is from before both scans (a reload that beat their writes): the scans
    // still queued are applied to it, the carton opened for the first one again.
    await rememberedCopy(page, `:pack:${packed.id}`, copyShowing(2));
    await putRememberedCopy(page, copyBeforeScans);
    await page.reload();
    await expect(waitingToSync(page, 2)).toBeVisible();
    await expect(page.getByTestId('pack-totals')).toContainText('Packed 2');
    const carton = page.getByRole('region', { name: 'Carton 1 of 1', exact: true });
    await expect(carton.getByText(`1 × ${c.sku}`)).toBeVisible();
    await scan(page, 'Scan a unit', c.sku);
    await expect(feedback(page)).toContainText(PACKING_MESSAGES.verified(c.sku, 2, 2, 1));
    await expect(waitingToSync(page, 3)).toBeVisible();
    await expect(carton.getByText(`2 × ${c.sku}`)).toBeVisible();
    // One unit too many, refused as online; the queue does not grow.
    await scan(page, 'Scan a unit', c.sku);
    await expect(feedback(page)).toHaveText(PACKING_MESSAGES.tooMany(c.sku, 2));
    await expect(waitingToSync(page, 3)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-packing-390.png', fullPage: true });
    await expectNoSeriousAxeViolations(page, 'packing offline at 390px');
    await expectNoHorizontalOverflow(page, 'packing offline at 390px');

    // Meanwhile a supervisor cancels the other order; the packer, still offline, scans a unit of it.
    await admin.post(`/orders/${cancelled.id}/status`, { status: 'cancelled' });
    await page.goto(`/packing/orders/${cancelled.id}`);
    await expect(page.getByRole('heading', { name: `Pack ${cancelled.order_number}` })).toBeVisible();
    await scan(page, 'Scan a unit', a.sku);
    await expect(feedback(page)).toContainText(PACKING_MESSAGES.verified(a.sku, 1, 1, 1));
    await expect(waitingToSync(page, 4)).toBeVisible();
    expect((await packOf(packed.id)).items.map((item) => item.verified)).toEqual([0, 0]);

    // Back online; the first replayed scan reaches the server, then the network drops before its answer arrives.
    await reconnectLosingFirstAnswer(page, '**/api/orders/*/pack/scan');
    await expect(waitingToSync(page, 4)).toBeVisible();
    await expect.poll(async () => (await packOf(packed.id)).items.map((item) => item.packed)).toEqual([1, 0]);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);
    // Each unit once: B 1, C 2, all in one carton; nothing of the cancelled order.
    const after = await packOf(packed.id);
    expect(after.items.map((item) => [item.sku, item.verified, item.packed])).toEqual([
      [b.sku, 1, 1],
      [c.sku, 2, 2],
    ]);
    expect(after.cartons).toHaveLength(1);
    expect(after.cartons[0]!.items.map((item) => [item.sku, item.quantity])).toEqual([
      [b.sku, 1],
      [c.sku, 2],
    ]);
    const refused = await packOf(cancelled.id);
    expect(refused.items.map((item) => item.verified)).toEqual([0, 0]);

    // The refused scan, in the packer's words, with the server's message.
    await page.getByRole('button', { name: 'Needs attention (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync' });
    await expect(dialog.getByRole('list', { name: 'Needs attention' })).toContainText(
      `Pack 1 × ${a.sku} into carton 1 of order ${cancelled.order_number}`,
    );
    await expect(dialog.getByRole('alert')).toHaveText(PACKING_MESSAGES.orderNotOpen(refused.order.status));
    await dialog.getByRole('button', { name: 'Skip (tell your supervisor)' }).click();
    await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);
  });
});
