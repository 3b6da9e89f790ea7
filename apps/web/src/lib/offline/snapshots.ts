import { NetworkError } from '../api/api-error';
import { sessionStore } from '../session/session-store';
import { offlineDatabase } from './offline-db';

/**
 * The last copy of a floor screen's data per user (a wave's tasks with their location codes and barcodes, a count's
 * lines — still blind), so the screen works after a reload in a dead spot. Kept in memory for this page and in
 * IndexedDB for the next one; a copy older than a day is not used (a wave or a count is a shift's work).
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const inMemory = new Map<string, { savedAt: number; data: unknown }>();
const signedInUserId = () => sessionStore.getState().user?.id ?? 0;
const storageKey = (key: string) => `${signedInUserId()}:${key}`;

/** Remembers the screen's data as it is now (after a read, or after an action applied to it on the device). */
export function rememberSnapshot(key: string, data: unknown): void {
  const id = storageKey(key);
  const savedAt = Date.now();
  inMemory.set(id, { savedAt, data });
  void offlineDatabase()
    .then((db) =>
      db.put('snapshots', { key: id, userId: signedInUserId(), savedAt: new Date(savedAt).toISOString(), data }),
    )
    .catch(() => {});
}

async function readSnapshot<T>(key: string): Promise<T | undefined> {
  const id = storageKey(key);
  const held = inMemory.get(id);
  if (held) return Date.now() - held.savedAt <= MAX_AGE_MS ? (held.data as T) : undefined;
  const stored = await (await offlineDatabase()).get('snapshots', id).catch(() => undefined);
  if (!stored || Date.now() - Date.parse(stored.savedAt) > MAX_AGE_MS) return undefined;
  return stored.data as T;
}

/**
 * A floor screen's read: remembered when it succeeds; with no network, the remembered copy instead (an error only
 * when there is none). Use with `networkMode: 'always'`: offline, TanStack would otherwise wait for a network
 * instead of asking.
 */
export async function readOrRemembered<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const data = await read();
    rememberSnapshot(key, data);
    return data;
  } catch (error) {
    const held = error instanceof NetworkError ? await readSnapshot<T>(key) : undefined;
    if (held !== undefined) return held;
    throw error;
  }
}
