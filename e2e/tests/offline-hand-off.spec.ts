import { expect, type Page, test } from '@playwright/test';
import { HAND_OFF_MESSAGES } from '@wms/contract/floor-hand-offs';
import { ERRORS } from '@wms/contract/messages';
import { PICKING_MESSAGES } from '@wms/contract/picking';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient } from '../fixtures/catalogue';
import { DEMO_PASSWORD, DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { newFloorManager, type OfflineTask, oneUnitOrdersWave, pickMoves, waitingToSync } from '../fixtures/offline';
import { inWarehouse, scan } from '../fixtures/waves';

/** Takes the wave online (the app's worker controlling the page), as a picker does before walking into the aisles. */
async function takeWaveOnline(page: Page, waveId: number, first: OfflineTask) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/picking/${waveId}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('button', { name: 'Take this wave' }).click();
  await expect(page.getByTestId('task-location')).toHaveText(first.location.code);
}

async function pickOffline(page: Page, route: OfflineTask[]) {
  for (const [index, task] of route.entries()) {
    await expect(page.getByTestId('task-location')).toHaveText(task.location.code);
    await scan(page, 'Location', task.location.code);
    await scan(page, 'Product barcode or SKU', task.product.sku);
    await page.getByRole('button', { name: 'Confirm 1 picked' }).click();
    await expect(waitingToSync(page, index + 1)).toBeVisible();
  }
}

test.describe('offline picks the server refused or could not take yet', () => {
  test.describe.configure({ timeout: 180_000 });
  // The app's service worker allowed: the page keeps working while the context is offline.
  test.use({ serviceWorkers: 'allow' });

  /**
   * A picker (Dana, a manager of Dallas) picks two tasks offline; meanwhile a supervisor removes the second task's
   * order. Back online the refused pick is under "needs attention"; "Hand to supervisor" (disabled while offline,
   * with the reason) sends it to the server and it leaves the queue; Dallas's other manager (Maria) finds the
   * notification with Dana's words for the pick and the server's message.
   */
  test('a refused pick handed to the supervisor reaches the warehouse manager', async ({ page, context, request }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const { warehouse, wave, route, inventoryOf } = await oneUnitOrdersWave(admin, 2, 'HANDOFF');
    const dana = await newFloorManager(request, `Dana ${uniqueTag('HO')}`, [warehouse.id]);
    await inWarehouse(page, dana.session, warehouse as never);
    await takeWaveOnline(page, wave.id, route[0]!);

    await context.setOffline(true);
    await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
    const conflicted = route[1]!;
    await admin.post(`/waves/${wave.id}/orders/${conflicted.orders[0]!.order_id}/remove`, {});
    await pickOffline(page, route);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible({ timeout: 30_000 });
    expect(await pickMoves(admin, inventoryOf.get(route[0]!.product.sku)!)).toBe(2);
    expect(await pickMoves(admin, inventoryOf.get(conflicted.product.sku)!)).toBe(0);

    await page.getByRole('button', { name: 'Needs attention (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync' });
    const label = `Pick 1 × ${conflicted.product.sku} at ${conflicted.location.code}`;
    await expect(dialog.getByRole('list', { name: 'Needs attention' })).toContainText(label);
    const handOff = dialog.getByRole('button', { name: 'Hand to supervisor' });

    // Offline it cannot be handed over, and the list says why.
    await context.setOffline(true);
    await expect(handOff).toBeDisabled();
    await expect(dialog.getByText('Handing an action to your supervisor needs the network.')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-hand-off-offline-390.png' });
    await expectNoSeriousAxeViolations(page, 'needs attention offline at 390px');
    await expectNoHorizontalOverflow(page, 'needs attention offline at 390px');
    await context.setOffline(false);

    await expect(handOff).toBeEnabled();
    await handOff.click();
    await expect(dialog.getByRole('status').filter({ hasText: HAND_OFF_MESSAGES.handedOff })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Needs attention' })).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-hand-off-done-390.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);

    // The warehouse's manager is told, once: who, what and the server's answer.
    const maria = await apiClient(request, DEMO_USERS.manager);
    const bell = await maria.get<{ data: { kind: string; title: string; text: string }[] }>(
      '/notifications?per_page=100',
    );
    const told = bell.data.filter((n) => n.kind === 'floor_hand_off' && n.text.includes(label));
    expect(told).toEqual([
      {
        ...told[0],
        title: 'A floor action needs you',
        text: `${dana.name} could not sync: ${label} — ${PICKING_MESSAGES.notOpen('cancelled')}`,
      },
    ]);
  });

  /**
   * Two picks queued offline; meanwhile the picker's session is signed out elsewhere (the token revoked on the
   * server). Back online the replay's 401 sends the picker to sign in, nothing applied and the actions kept; after
   * signing in again on the sign-in page, the replay goes on and each pick is applied exactly once.
   */
  test('a session revoked while offline: sign in again, then the picks replay once', async ({
    page,
    context,
    request,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const { warehouse, wave, route, inventoryOf } = await oneUnitOrdersWave(admin, 2, 'EXPIRED');
    const dana = await newFloorManager(request, `Dana ${uniqueTag('EX')}`, [warehouse.id]);
    await inWarehouse(page, dana.session, warehouse as never);
    await takeWaveOnline(page, wave.id, route[0]!);

    await context.setOffline(true);
    await pickOffline(page, route);
    // Signed out elsewhere: the phone's token no longer opens the API.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const signedOut = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(signedOut.status()).toBe(200);
    expect((await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/login\?returnTo=/, { timeout: 30_000 });
    await expect(page.getByText(ERRORS.sessionExpired)).toBeVisible();
    for (const task of route) expect(await pickMoves(admin, inventoryOf.get(task.product.sku)!)).toBe(0);
    // The queue kept both actions on the device, for this user.
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('wms-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('actions').objectStore('actions').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        }),
    );
    expect(kept).toBe(2);
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-session-expired-390.png' });

    await page.getByLabel('Email').fill(dana.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/picking/${wave.id}$`));
    await expect
      .poll(async () => Promise.all(route.map((task) => pickMoves(admin, inventoryOf.get(task.product.sku)!))), {
        timeout: 30_000,
      })
      .toEqual([2, 2]);
    await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);
    // Nothing more arrives later (a second replay would add two more rows each).
    await page.waitForTimeout(2_000);
    for (const task of route) expect(await pickMoves(admin, inventoryOf.get(task.product.sku)!)).toBe(2);
  });
});
