import { expect, test } from '@playwright/test';
import { PICKING_MESSAGES } from '@wms/contract/picking';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import {
  copyShowing,
  oneUnitOrdersWave,
  pickMoves,
  putRememberedCopy,
  type RememberedCopy,
  reconnectLosingFirstAnswer,
  rememberedCopy,
  waitingToSync,
} from '../fixtures/offline';
import { apiLogin } from '../fixtures/session';
import { inWarehouse, scan } from '../fixtures/waves';

/**
 * A picker on a 390 px phone loses the network after taking a wave and picks all 11 tasks offline (checked against
 * the wave held on the phone, with the same messages as online), reloads the page in the dead spot (the queue and
 * the task screen survive, even when the phone's copy of the wave missed the last pick: the reload beat its write),
 * and meanwhile a supervisor removes one task's order from the wave. Back online, the
 * queue replays — and the network drops again in the middle of the first replayed pick, after the server applied
 * it. When it is back, the 10 picks are applied exactly once (two ledger rows each, not four) and the one whose task
 * was cancelled is under "needs attention" with the server's message.
 */
test.describe('picking through a Wi-Fi drop', () => {
  test.describe.configure({ timeout: 240_000 });
  // A context of its own with the service worker allowed: a reload in a dead spot opens the app from its cache.
  test.use({ serviceWorkers: 'allow' });

  test('11 picks made offline sync once each; a cancelled task needs attention', async ({ page, context, request }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const { stocked, warehouse, wave, route, inventoryOf } = await oneUnitOrdersWave(admin, 11);

    const session = await apiLogin(request, DEMO_USERS.manager);
    await inWarehouse(page, session, warehouse as never);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/picking/${wave.id}`);
    // The app installed on this phone: its worker has precached the code and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('button', { name: 'Take this wave' }).click();
    await expect(page.getByTestId('task-location')).toHaveText(route[0]!.location.code);

    await context.setOffline(true);
    await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
    // While the phone is offline, the supervisor takes the 7th task's order out of the wave: its task is cancelled.
    const conflicted = route[6]!;
    await admin.post(`/waves/${wave.id}/orders/${conflicted.orders[0]!.order_id}/remove`, {});

    let copyBeforeFifthPick: RememberedCopy | undefined;
    for (const [index, task] of route.entries()) {
      const location = page.getByTestId('task-location');
      await expect(location).toHaveText(task.location.code);
      await scan(page, 'Location', task.location.code);
      if (index === 0) {
        // Checked against the held wave, offline, with the online message.
        await scan(page, 'Product barcode or SKU', 'NOT-THIS-ONE');
        await expect(page.getByTestId('scan-feedback')).toHaveText(
          PICKING_MESSAGES.wrongProduct(task.product.sku, null),
        );
      }
      await scan(page, 'Product barcode or SKU', task.product.sku);
      await page.getByRole('button', { name: 'Confirm 1 picked' }).click();
      await expect(waitingToSync(page, index + 1)).toBeVisible();
      if (index === 3) copyBeforeFifthPick = await rememberedCopy(page, `:wave:${wave.id}`, copyShowing(4));
      if (index === 4) {
        // The phone's copy of the wave without the 5th pick (still queued), as when a reload comes before its write.
        await rememberedCopy(page, `:wave:${wave.id}`, copyShowing(5));
        await putRememberedCopy(page, copyBeforeFifthPick!);
        // A reload in the dead spot: the app opens from the browser's cache, the queue and the wave from the phone.
        await page.reload();
        await expect(waitingToSync(page, 5)).toBeVisible();
        await expect(page.getByTestId('pick-progress')).toContainText('Task 6 of 11 · 5 / 11 units');
        await settle(page);
        await expectNoSeriousAxeViolations(page, 'picking offline at 390px');
        await expectNoHorizontalOverflow(page, 'picking offline at 390px');
      }
    }
    await expect(page.getByText(/is picked: take the cart to packing/)).toBeVisible();
    await expect(waitingToSync(page, 11)).toBeVisible();
    for (const item of stocked) expect(await pickMoves(admin, item.inventory.id)).toBe(0);

    // Back online; the first replayed pick reaches the server, then the network drops before its answer arrives.
    await reconnectLosingFirstAnswer(page, '**/api/waves/*/tasks/*/pick');
    await expect(waitingToSync(page, 11)).toBeVisible();
    expect(await pickMoves(admin, inventoryOf.get(route[0]!.product.sku)!)).toBe(2);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);
    for (const task of route) {
      const moves = await pickMoves(admin, inventoryOf.get(task.product.sku)!);
      expect(moves, `${task.product.sku}: ${task === conflicted ? 'cancelled' : 'picked once'}`).toBe(
        task === conflicted ? 0 : 2,
      );
    }

    // The refused pick, with the server's message and what the picker can do.
    await page.getByRole('button', { name: 'Needs attention (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync' });
    await expect(dialog.getByRole('list', { name: 'Needs attention' })).toContainText(
      `Pick 1 × ${conflicted.product.sku} at ${conflicted.location.code}`,
    );
    await expect(dialog.getByRole('alert')).toHaveText(PICKING_MESSAGES.notOpen('cancelled'));
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-needs-attention-390.png' });
    await expectNoSeriousAxeViolations(page, 'needs attention at 390px');
    await dialog.getByRole('button', { name: 'Skip (tell your supervisor)' }).click();
    await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);
  });
});
