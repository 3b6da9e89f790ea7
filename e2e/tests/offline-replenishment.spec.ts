import { expect, type Page, test } from '@playwright/test';
import { REPLENISHMENT_MESSAGES } from '@wms/contract/replenishment';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  type ApiClient,
  apiClient,
  DEMO_WAREHOUSES,
  type LocationRef,
  stockedProduct,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import {
  copyShowing,
  newFloorManager,
  putRememberedCopy,
  reconnectLosingFirstAnswer,
  rememberedCopy,
  waitingToSync,
} from '../fixtures/offline';
import { inWarehouse, scan } from '../fixtures/waves';

interface Task {
  id: number;
  quantity: number;
  product: { sku: string };
  source: { code: string };
  target: { id: number; code: string };
}
interface Seeded {
  task: Task;
  inventoryId: number;
  warehouseId: number;
}

const SAVED_OFFLINE = 'Saved on this device: it is sent when the network is back.';

/** A new location of Dallas's test zone, of this type. */
const newLocation = (admin: ApiClient, warehouseId: number, type: 'pick' | 'storage') =>
  admin
    .post<{ location: LocationRef }>(`/warehouses/${warehouseId}/locations`, {
      code: uniqueSku(type === 'pick' ? 'OFFRP-PF' : 'OFFRP-R'),
      zone: 'E2EOR',
      type,
    })
    .then((answer) => answer.location);

/**
 * One replenishment task of its own: a fresh product with 30 units in a new Dallas storage location (the reserve),
 * a new pick location as its pick face (min 5, max 12: empty, so 12 to bring), and the task the face's report asks
 * for. Every location is new, so several are made side by side.
 */
async function replenishmentTask(admin: ApiClient, unassignedId: number): Promise<Seeded> {
  const stocked = await stockedProduct(admin, { prefix: 'OFFRP', onHand: 30 });
  const warehouseId = stocked.warehouse.id;
  const [reserve, face] = await Promise.all([
    newLocation(admin, warehouseId, 'storage'),
    newLocation(admin, warehouseId, 'pick'),
  ]);
  await admin.post(`/inventories/${stocked.inventory.id}/moves`, {
    from_location_id: unassignedId,
    to_location_id: reserve.id,
    quantity: 30,
  });
  const { data: faces } = await admin.put<{ data: { id: number }[] }>(
    `/inventories/${stocked.inventory.id}/pick-faces`,
    {
      pick_faces: [{ location_id: face.id, min: 5, max: 12, increment: 1 }],
    },
  );
  const created = await admin.post<{ data: Task[] }>('/replenishment-tasks', {
    warehouse_id: warehouseId,
    pick_face_ids: [faces[0]!.id],
  });
  // The server's own round may have made it first: then it is among the open tasks.
  let task = created.data[0];
  if (!task) {
    const open = await admin.get<{ data: Task[] }>(
      `/replenishment-tasks?warehouse_id=${warehouseId}&status=open&per_page=100`,
    );
    task = open.data.find((candidate) => candidate.target.id === face.id);
  }
  expect(task, `the task of ${face.code}`).toBeTruthy();
  return { task: task!, inventoryId: stocked.inventory.id, warehouseId };
}

/** The ledger rows a task wrote (a move: the reserve's row and the pick face's). */
async function taskLedgerRows(api: ApiClient, { task, inventoryId }: Seeded): Promise<number> {
  const { data } = await api.get<{ data: { reference_type: string | null; reference_id: number | null }[] }>(
    `/inventories/${inventoryId}/movements?per_page=100`,
  );
  return data.filter((row) => row.reference_type === 'replenishment_task' && row.reference_id === task.id).length;
}

/** One task on the phone: continue it, scan the reserve, the product, keep the quantity, scan the pick face. */
async function replenishOnPhone(page: Page, task: Task) {
  await page.getByRole('button', { name: `Continue ${task.source.code} to ${task.target.code}` }).click();
  await expect(page.getByTestId('task-location')).toHaveText(task.source.code);
  await scan(page, 'Source location', task.source.code);
  await scan(page, 'Product barcode or SKU', task.product.sku);
  await expect(page.getByLabel('Quantity brought')).toHaveValue(String(task.quantity));
  await page.getByRole('button', { name: 'Next: the pick face' }).click();
  await scan(page, 'Pick location', task.target.code);
  await expect(
    page.getByRole('status').filter({
      hasText: `${REPLENISHMENT_MESSAGES.completed(task.quantity, task.product.sku, task.target.code)} ${SAVED_OFFLINE}`,
    }),
  ).toBeVisible();
}

/**
 * A replenisher on a 390 px phone takes four tasks online (the phone keeps them), loses the network, and does them
 * in the dead spot: scans checked against the held tasks with the online messages, each completion queued and shown
 * done at once, a reload in the middle (the queue and the list survive). Meanwhile a supervisor cancels the third
 * task. Back online, the network drops again after the server applied the first replayed completion; when it is
 * back, the three others are applied exactly once (two ledger rows each, not four) and the cancelled one is under
 * "needs attention" with the server's message. Taking a new task offline says it needs the network.
 */
test.describe('replenishment through a Wi-Fi drop', () => {
  test.describe.configure({ timeout: 180_000 });
  // A context of its own with the service worker allowed: a reload in a dead spot opens the app from its cache.
  test.use({ serviceWorkers: 'allow' });

  test('four tasks done offline sync once each; a cancelled one needs attention', async ({
    page,
    context,
    request,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const dallas = await warehouseNamed(admin, DEMO_WAREHOUSES.dallas);
    const [{ data: unassigned }, { data: warehouses }] = await Promise.all([
      admin.get<{ data: LocationRef[] }>(`/warehouses/${dallas.id}/locations?code=UNASSIGNED`),
      admin.get<{ data: { id: number }[] }>('/warehouses?per_page=100'),
    ]);
    const [robin, ...seeded] = await Promise.all([
      newFloorManager(request, `Robin ${uniqueTag('RP')}`, [dallas.id]),
      ...Array.from({ length: 5 }, () => replenishmentTask(admin, unassigned[0]!.id)),
    ]);
    // The fifth stays open (nobody takes it); the third is cancelled by the supervisor while the phone is offline.
    const notTaken = seeded.pop()!.task;
    const cancelled = seeded[2]!;
    const warehouseId = dallas.id;
    const worker = await apiClient(request, robin.email);
    await inWarehouse(page, robin.session, warehouses.find((w) => w.id === warehouseId) as never);

    // Online: the replenisher took three tasks at the desk and takes the fourth on the phone.
    for (const { task } of seeded.slice(1)) await worker.post(`/replenishment-tasks/${task.id}/start`, {});
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/replenishment/tasks');
    // The app installed on this phone: its worker has precached the code and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const first = seeded[0]!.task;
    await page.getByRole('button', { name: `Start ${first.source.code} to ${first.target.code}` }).click();
    await expect(page.getByTestId('task-location')).toHaveText(first.source.code);
    await page.getByRole('button', { name: 'Back to my tasks' }).click();
    await expect(page.getByTestId('replenish-offline-ready')).toHaveText(
      'Ready offline: the 4 tasks you took are kept on this device.',
    );

    await context.setOffline(true);
    await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
    const copyBeforeTasks = await rememberedCopy(page, `:replenish-tasks:${warehouseId}`, copyShowing(0));
    // Taking a task assigns it: it waits for the network, and the screen says so.
    await expect(
      page.getByRole('button', { name: `Start ${notTaken.source.code} to ${notTaken.target.code}` }),
    ).toBeDisabled();
    await expect(page.getByTestId('replenish-offline-note')).toHaveText(/^Taking a task needs the network/);
    // The supervisor, meanwhile, cancels the third task.
    await admin.post(`/replenishment-tasks/${cancelled.task.id}/cancel`, {});

    for (const [index, { task }] of seeded.entries()) {
      if (index === 0) {
        // Checked against the held task, offline, with the online message.
        await page.getByRole('button', { name: `Continue ${task.source.code} to ${task.target.code}` }).click();
        await scan(page, 'Source location', task.target.code);
        await expect(page.getByTestId('scan-feedback')).toHaveText(
          REPLENISHMENT_MESSAGES.wrongSource(task.source.code),
        );
        await page.getByRole('button', { name: 'Back to my tasks' }).click();
      }
      await replenishOnPhone(page, task);
      await expect(waitingToSync(page, index + 1)).toBeVisible();
      if (index === 1) {
        // The phone's copy of its tasks from before both (still queued), as when a reload beats its writes.
        await rememberedCopy(page, `:replenish-tasks:${warehouseId}`, copyShowing(2));
        await putRememberedCopy(page, copyBeforeTasks);
        // A reload in the dead spot: the app opens from the browser's cache, the queue and the tasks from the phone,
        // the two done ones gone from the list.
        await page.reload();
        await expect(waitingToSync(page, 2)).toBeVisible();
        await expect(page.getByRole('button', { name: /^Continue / })).toHaveCount(2);
        await settle(page);
        await page.screenshot({ path: 'test-results/offline-replenishment-390.png' });
        await expectNoSeriousAxeViolations(page, 'replenishment offline at 390px');
        await expectNoHorizontalOverflow(page, 'replenishment offline at 390px');
      }
    }
    await expect(page.getByRole('button', { name: /^Continue / })).toHaveCount(0);
    for (const one of seeded) expect(await taskLedgerRows(admin, one)).toBe(0);

    // Back online; the first replayed completion reaches the server, then the network drops before its answer.
    await reconnectLosingFirstAnswer(page, '**/api/replenishment-tasks/*/complete');
    await expect(waitingToSync(page, seeded.length)).toBeVisible();
    expect(await taskLedgerRows(admin, seeded[0]!)).toBe(2);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);
    const { data: done } = await admin.get<{ data: (Task & { quantity_moved: number })[] }>(
      `/replenishment-tasks?warehouse_id=${warehouseId}&status=done&per_page=100`,
    );
    for (const one of seeded) {
      const refused = one === cancelled;
      expect(await taskLedgerRows(admin, one), `${one.task.product.sku}: ${refused ? 'cancelled' : 'once'}`).toBe(
        refused ? 0 : 2,
      );
      const finished = done.find((task) => task.id === one.task.id);
      if (refused) expect(finished).toBeUndefined();
      else expect(finished).toMatchObject({ quantity_moved: one.task.quantity });
    }

    // The refused completion, in the worker's words with the server's message.
    await page.getByRole('button', { name: 'Needs attention (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync' });
    const { task } = cancelled;
    await expect(dialog.getByRole('list', { name: 'Needs attention' })).toContainText(
      `Replenish ${task.quantity} × ${task.product.sku} from ${task.source.code} to ${task.target.code}`,
    );
    await expect(dialog.getByRole('alert')).toHaveText(REPLENISHMENT_MESSAGES.notOpen('cancelled'));
    await settle(page);
    await page.screenshot({ path: 'test-results/offline-replenishment-attention-390.png' });
    await expectNoSeriousAxeViolations(page, 'replenishment needing attention at 390px');
    await dialog.getByRole('button', { name: 'Skip (tell your supervisor)' }).click();
    await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/offline-replenishment-1440.png' });
  });
});
