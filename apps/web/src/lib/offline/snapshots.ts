import { NetworkError } from '../api/api-error';
import { sessionStore } from '../session/session-store';
import { floorQueue } from './floor-queue';
import { offlineDatabase } from './offline-db';
import type { QueuedAction } from './queued-action';

/**
 * The last copy of a floor screen's data per user (a wave's tasks with their location codes and barcodes, a count's
 * lines — still blind), so the screen works after a reload in a dead spot. Kept in memory for this page and in
 * IndexedDB for the next one; a copy older than a day is not used (a wave or a count is a shift's work).
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A remembered copy, and which of the worker's queued actions it shows already (their keys). */
interface Remembered {
  savedAt: number;
  data: unknown;
  shows: string[];
}
const inMemory = new Map<string, Remembered>();
const signedInUserId = () => sessionStore.getState().user?.id ?? 0;
const storageKey = (key: string) => `${signedInUserId()}:${key}`;

function save(id: string, remembered: Remembered): void {
  inMemory.set(id, remembered);
  const { savedAt, data, shows } = remembered;
  void offlineDatabase()
    .then((db) =>
      db.put('snapshots', { key: id, userId: signedInUserId(), savedAt: new Date(savedAt).toISOString(), data, shows }),
    )
    .catch(() => {});
}

/**
 * Remembers the screen's data as it is now: read from the server (it shows none of the actions still queued), or
 * with an action of the worker applied on the device — `queuedKey` when that action was queued, not sent: the copy
 * then shows it, beside those it showed already.
 */
export function rememberSnapshot(key: string, data: unknown, queuedKey?: string): void {
  const id = storageKey(key);
  const shows = queuedKey ? [...(inMemory.get(id)?.shows ?? []), queuedKey] : [];
  save(id, { savedAt: Date.now(), data, shows });
}

async function readSnapshot(key: string): Promise<Remembered | undefined> {
  const id = storageKey(key);
  const held = inMemory.get(id);
  if (held) return Date.now() - held.savedAt <= MAX_AGE_MS ? held : undefined;
  const stored = await (await offlineDatabase()).get('snapshots', id).catch(() => undefined);
  if (!stored || Date.now() - Date.parse(stored.savedAt) > MAX_AGE_MS) return undefined;
  const remembered = { savedAt: Date.parse(stored.savedAt), data: stored.data, shows: stored.shows ?? [] };
  inMemory.set(id, remembered);
  return remembered;
}

/**
 * How a screen's queued actions change its remembered copy. The copy is written after its action was queued, so a
 * reload right after the action can find it queued but not in the copy: a reader that passes this applies the
 * worker's waiting actions the copy does not show, in the order they were made.
 */
export type ApplyWaiting<T> = (held: T, missing: readonly QueuedAction[]) => T | Promise<T>;

/** Another screen's remembered copy (what a screen's `applyWaiting` may need beside its own), or undefined. */
export async function readRemembered<T>(key: string): Promise<T | undefined> {
  return (await readSnapshot(key))?.data as T | undefined;
}

/**
 * A floor screen's read: remembered when it succeeds; with no network, the remembered copy instead (an error only
 * when there is none), with `applyWaiting` the waiting actions it misses applied. Use with `networkMode: 'always'`:
 * offline, TanStack would otherwise wait for a network instead of asking.
 */
export async function readOrRemembered<T>(
  key: string,
  read: () => Promise<T>,
  applyWaiting?: ApplyWaiting<T>,
): Promise<T> {
  try {
    const data = await read();
    rememberSnapshot(key, data);
    return data;
  } catch (error) {
    const held = error instanceof NetworkError ? await readSnapshot(key) : undefined;
    if (held === undefined) throw error;
    if (!applyWaiting) return held.data as T;
    const missing = (await floorQueue.waiting(signedInUserId())).filter((action) => !held.shows.includes(action.key));
    if (missing.length === 0) return held.data as T;
    const data = await applyWaiting(held.data as T, missing);
    save(storageKey(key), {
      savedAt: Date.now(),
      data,
      shows: [...held.shows, ...missing.map((action) => action.key)],
    });
    return data;
  }
}
