import { expect, type Page, test } from '@playwright/test';
import { LOCATION_STOCK_MESSAGES, MOVE_SCAN_MESSAGES } from '@wms/contract/location-stock';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  type ApiClient,
  apiClient,
  DEMO_WAREHOUSES,
  type LocationRef,
  stockInABin,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import {
  copyShowing,
  putRememberedCopy,
  reconnectLosingFirstAnswer,
  rememberedCopy,
  waitingToSync,
} from '../fixtures/offline';
import { apiLogin, type SignedIn, storeSession } from '../fixtures/session';
import { scan } from '../fixtures/waves';

interface MovementRow {
  type: string;
  location: { id: number } | null;
  location_delta: number;
}

const MOVES = 5;
const EACH = 3;
const SAVED_OFFLINE = 'Saved on this device: it is sent when the network is back.';

/** The ledger's move rows of an inventory row that put units into this location. */
async function movesInto(api: ApiClient, inventoryId: number, locationId: number): Promise<number> {
  const { data } = await api.get<{ data: MovementRow[] }>(`/inventories/${inventoryId}/movements?per_page=100`);
  return data.filter((row) => row.type === 'move' && row.location?.id === locationId && row.location_delta > 0).length;
}

/** Units of an inventory row per location id. */
async function unitsBy(api: ApiClient, inventoryId: number): Promise<Map<number, number>> {
  const { data } = await api.get<{ data: { location: { id: number }; quantity: number }[] }>(
    `/inventories/${inventoryId}/locations`,
  );
  return new Map(data.map((place) => [place.location.id, place.quantity]));
}

/** One move on the phone's scan flow: source, product, quantity, target, confirm. */
async function moveOnPhone(page: Page, from: string, sku: string, quantity: number, to: string) {
  await scan(page, 'Source location', from);
  await expect(page.getByRole('heading', { name: 'Scan the product' })).toBeVisible();
  await scan(page, 'Product barcode or SKU', sku);
  await page.getByRole('textbox', { name: 'Quantity to move' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Next: target location' }).click();
  await scan(page, 'Target location', to);
  await page.getByRole('button', { name: `Move ${quantity} units` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: MOVE_SCAN_MESSAGES.moved(quantity, sku, from, to) }),
  ).toBeVisible();
}

/**
 * A mover on a 390 px phone opens the move screen online (the warehouse's locations and stock are kept on the
 * phone), loses the network and makes five moves — each from its own bin to its own fresh bin — checked against the
 * held stock with the online messages; reloads in the dead spot (the queue and the screen survive, the held stock
 * shows the moves). Meanwhile a supervisor deactivates the third move's target and empties the fifth move's source.
 * Back online, the network drops again after the server applied the first replayed move; when it is back, the other
 * moves are applied exactly once (one ledger row into each target, not two) and the two conflicts are under "needs
 * attention" with the server's messages.
 */
test.describe('moving stock through a Wi-Fi drop', () => {
  test.describe.configure({ timeout: 240_000 });
  // A context of its own with the service worker allowed: a reload in a dead spot opens the app from its cache.
  test.use({ serviceWorkers: 'allow' });

  test('five moves made offline sync once each; a deactivated target and an emptied source need attention', async ({
    page,
    context,
    request,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const dallas = await warehouseNamed(admin, DEMO_WAREHOUSES.dallas);
    const { data: unassigned } = await admin.get<{ data: LocationRef[] }>(
      `/warehouses/${dallas.id}/locations?code=UNASSIGNED`,
    );
    const moves: { sku: string; inventoryId: number; from: LocationRef; to: LocationRef }[] = [];
    for (let index = 0; index < MOVES; index++) {
      const stocked = await stockInABin(admin, { prefix: 'OFFMV', onHand: 4, inBin: 4, binType: 'storage' });
      const { location: to } = await admin.post<{ location: LocationRef }>(`/warehouses/${dallas.id}/locations`, {
        code: uniqueSku('OFFMV-TO'),
        zone: 'E2EOM',
        type: 'storage',
      });
      moves.push({ sku: stocked.sku, inventoryId: stocked.inventory.id, from: stocked.bin, to });
    }
    const deactivated = moves[2]!;
    const emptied = moves[4]!;

    const session = await apiLogin(request, DEMO_USERS.manager);
    const { data: warehouses } = await admin.get<{ data: { id: number }[] }>('/warehouses?per_page=100');
    const header = warehouses.find((w) => w.id === dallas.id) as unknown as SignedIn['warehouse'];
    await storeSession(page, { ...session, warehouse: header });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/moves/scan');
    // The app installed on this phone: its worker has precached the code and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The warehouse's locations and stock are on the phone now.
    await expect(page.getByTestId('move-offline-ready')).toContainText('Ready offline', { timeout: 30_000 });

    await context.setOffline(true);
    await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
    const copyBeforeMoves = await rememberedCopy(page, `:move-stock:${dallas.id}`, copyShowing(0));
    // Checked against the held locations and stock, offline, with the online messages.
    await scan(page, 'Source location', 'NOWHERE-99');
    await expect(page.getByTestId('scan-feedback')).toHaveText(MOVE_SCAN_MESSAGES.locationUnknown('NOWHERE-99'));
    await scan(page, 'Source location', moves[0]!.to.code);
    await expect(page.getByTestId('scan-feedback')).toHaveText(MOVE_SCAN_MESSAGES.sourceEmpty(moves[0]!.to.code));

    for (const [index, move] of moves.entries()) {
      if (index === 1) {
        // The supervisor, meanwhile: the third move's target is deactivated, the fifth move's source emptied.
        await admin.put(`/locations/${deactivated.to.id}`, {
          code: deactivated.to.code,
          zone: 'E2EOM',
          type: 'storage',
          is_active: false,
        });
        await admin.post(`/inventories/${emptied.inventoryId}/moves`, {
          from_location_id: emptied.from.id,
          to_location_id: unassigned[0]!.id,
          quantity: 4,
        });
      }
      await moveOnPhone(page, move.from.code, move.sku, EACH, move.to.code);
      await expect(page.getByRole('status').filter({ hasText: SAVED_OFFLINE })).toBeVisible();
      await expect(waitingToSync(page, index + 1)).toBeVisible();
      if (index === 1) {
        await page.screenshot({ path: 'test-results/offline-moves-saved-390.png' });
        // The phone's copy of the stock from before both moves (still queued), as when a reload beats its writes.
        await rememberedCopy(page, `:move-stock:${dallas.id}`, copyShowing(2));
        await putRememberedCopy(page, copyBeforeMoves);
        // A reload in the dead spot: the app opens from the browser's cache, the queue and the stock from the phone,
        // with the moves applied: the source holds fewer units, the target more.
        await page.reload();
        await expect(waitingToSync(page, 2)).toBeVisible();
        await scan(page, 'Source location', moves[0]!.from.code);
        await expect(page.getByTestId('scan-feedback')).toHaveText(
          MOVE_SCAN_MESSAGES.sourceFound(moves[0]!.from.code, 4 - EACH),
        );
        await page.getByRole('button', { name: 'Start over' }).click();
        await scan(page, 'Source location', moves[0]!.to.code);
        await expect(page.getByTestId('scan-feedback')).toHaveText(
          MOVE_SCAN_MESSAGES.sourceFound(moves[0]!.to.code, EACH),
        );
        await settle(page);
        await expectNoSeriousAxeViolations(page, 'moves offline at 390px');
        await expectNoHorizontalOverflow(page, 'moves offline at 390px');
        await page.getByRole('button', { name: 'Start over' }).click();
      }
    }
    await expect(waitingToSync(page, MOVES)).toBeVisible();
    for (const move of moves) expect(await movesInto(admin, move.inventoryId, move.to.id)).toBe(0);

    // Back online; the first replayed move reaches the server, then the network drops before its answer arrives.
    await reconnectLosingFirstAnswer(page, '**/api/inventories/*/moves');
    await expect(waitingToSync(page, MOVES)).toBeVisible();
    expect(await movesInto(admin, moves[0]!.inventoryId, moves[0]!.to.id)).toBe(1);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Needs attention (2)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);
    for (const move of moves) {
      const conflicted = move === deactivated || move === emptied;
      expect(await movesInto(admin, move.inventoryId, move.to.id), `${move.sku} into ${move.to.code}`).toBe(
        conflicted ? 0 : 1,
      );
      const units = await unitsBy(admin, move.inventoryId);
      expect(units.get(move.to.id) ?? 0, `${move.sku} in ${move.to.code}`).toBe(conflicted ? 0 : EACH);
      expect(units.get(move.from.id) ?? 0, `${move.sku} in ${move.from.code}`).toBe(
        move === emptied ? 0 : conflicted ? 4 : 4 - EACH,
      );
    }

    // The refused moves, with the server's messages and what the mover can do.
    await page.getByRole('button', { name: 'Needs attention (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync' });
    const attention = dialog.getByRole('listitem');
    await expect(attention).toHaveCount(2);
    await expect(attention.nth(0)).toContainText(
      `Move ${EACH} × ${deactivated.sku} from ${deactivated.from.code} to ${deactivated.to.code}`,
    );
    await expect(attention.nth(0).getByRole('alert')).toHaveText(LOCATION_STOCK_MESSAGES.locationInvalid);
    await expect(attention.nth(1)).toContainText(
      `Move ${EACH} × ${emptied.sku} from ${emptied.from.code} to ${emptied.to.code}`,
    );
    await expect(attention.nth(1).getByRole('alert')).toHaveText(LOCATION_STOCK_MESSAGES.sourceShort);
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-moves-attention-390.png' });
    await expectNoSeriousAxeViolations(page, 'moves needing attention at 390px');
    await attention.nth(0).getByRole('button', { name: 'Skip (tell your supervisor)' }).click();
    await expect(attention).toHaveCount(1);
    await expect(attention).toContainText(emptied.sku);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('move-offline-ready')).toContainText('Ready offline');
    await page.screenshot({ path: 'test-results/offline-moves-1440.png' });
  });
});
