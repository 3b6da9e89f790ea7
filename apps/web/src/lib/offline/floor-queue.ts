import { NetworkError } from '../api/api-error';
import { api } from '../api/client';
import { sessionStore } from '../session/session-store';
import { ActionQueue, newKey } from './action-queue';
import { FLOOR_HAND_OFF_MESSAGES } from './floor-hand-off-messages';
import { indexedDbQueueStore } from './offline-db';
import type { NewAction, QueuedAction } from './queued-action';

/** What a floor screen says of an action kept on the device for later. */
export const SAVED_OFFLINE = 'Saved on this device: it is sent when the network is back.';

/** Every answer is shown in place on the handheld (or in "needs attention"): no toast. */
const quiet = { bypass_default: true, notifyOnError: false } as const;

const sendWithKey = <T>(path: string, body: unknown, key: string) =>
  api.post<T>(path, body, { ...quiet, headers: { 'Idempotency-Key': key } });

/** The one queue of this browser (DESIGN §11: one offline queue of idempotent actions). */
export const floorQueue = new ActionQueue(indexedDbQueueStore, (action) =>
  sendWithKey(action.path, action.body, action.key),
);

const appliedListeners = new Set<() => void>();

/** Called after a replay the server applied actions of: the screens then read the truth again. */
export function whenReplayApplied(listener: () => void): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

/** After a replay stopped with actions left (no answer, a server error) while online: try again soon, backing off. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

async function replay(userId: number): Promise<void> {
  const applied = await floorQueue.replay(userId);
  if (applied > 0) for (const listener of appliedListeners) listener();
  clearTimeout(retryTimer);
  if (floorQueue.getState().waiting === 0) {
    retryDelay = FIRST_RETRY_MS;
    return;
  }
  if (!navigator.onLine) return;
  retryTimer = setTimeout(() => void syncFloorQueue(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

export type FloorWriteOutcome<T> = { kind: 'sent'; answer: T } | { kind: 'queued'; action: QueuedAction };

const currentUserId = (): number | null => sessionStore.getState().user?.id ?? null;

/**
 * A floor action (a pick, a short pick, a skip…): sent at once when the handheld is online and nothing older waits,
 * else queued behind what waits, so the server sees the worker's actions in the order they were made. A request
 * that gets no answer is queued with the key it was sent with. A server refusal is thrown as usual: the screen
 * shows it in place, as online.
 */
export async function floorWrite<T>(action: Omit<NewAction, 'userId'>): Promise<FloorWriteOutcome<T>> {
  const userId = currentUserId();
  if (userId === null) return { kind: 'sent', answer: await api.post<T>(action.path, action.body, quiet) };
  const warehouseId = action.warehouseId ?? sessionStore.getState().selectedWarehouse?.id ?? null;
  if (!navigator.onLine || (await floorQueue.hasWaiting(userId))) {
    const queued = await floorQueue.enqueue({ ...action, userId, warehouseId });
    if (navigator.onLine) void replay(userId);
    return { kind: 'queued', action: queued };
  }
  const key = newKey();
  try {
    return { kind: 'sent', answer: await sendWithKey<T>(action.path, action.body, key) };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    return { kind: 'queued', action: await floorQueue.enqueue({ ...action, userId, warehouseId }, key) };
  }
}

/** Replays the signed-in user's waiting actions now (a no-op offline or when nothing waits). */
export async function syncFloorQueue(): Promise<void> {
  const userId = currentUserId();
  await floorQueue.refresh(userId);
  if (userId === null || !navigator.onLine || floorQueue.getState().waiting === 0) return;
  await replay(userId);
}

/** "Redo" and "Skip" of an action under "needs attention". */
export async function redoAction(seq: number): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  await floorQueue.redo(userId, seq);
  await replay(userId);
}

export async function discardAction(seq: number): Promise<void> {
  const userId = currentUserId();
  if (userId !== null) await floorQueue.discard(userId, seq);
}

/**
 * "Hand to supervisor" of an action under "needs attention": the worker's words for it, the server's refusal and
 * when it was made go to the managers of its warehouse (the header's when the action did not keep one); then it
 * leaves the queue. Throws when it could not be sent (the item stays).
 */
export async function handOffAction(seq: number): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  await floorQueue.handOff(userId, seq, (action, key) => {
    const warehouseId = action.warehouseId ?? sessionStore.getState().selectedWarehouse?.id ?? null;
    if (warehouseId === null) throw new Error(FLOOR_HAND_OFF_MESSAGES.noWarehouse);
    return api.post(
      '/floor/hand-offs',
      { warehouse_id: warehouseId, action: action.label, refusal: action.problem ?? '', made_at: action.createdAt },
      { ...quiet, headers: { 'Idempotency-Key': key } },
    );
  });
}
