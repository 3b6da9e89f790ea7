import { offlineDatabase } from './offline-db';

/**
 * The last copy of a floor screen's data per user (a wave's tasks with their location codes and barcodes), so the
 * screen still works after a reload in a dead spot. Kept in memory for this page and in IndexedDB for the next one;
 * a copy older than a day is not used (a wave is a shift's work).
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const inMemory = new Map<string, { userId: number; savedAt: number; data: unknown }>();
const storageKey = (userId: number, key: string) => `${userId}:${key}`;

export function rememberSnapshot(userId: number, key: string, data: unknown): void {
  const id = storageKey(userId, key);
  const savedAt = Date.now();
  inMemory.set(id, { userId, savedAt, data });
  void offlineDatabase()
    .then((db) => db.put('snapshots', { key: id, userId, savedAt: new Date(savedAt).toISOString(), data }))
    .catch(() => {});
}

/** The remembered copy, or undefined when there is none (or it is too old). */
export async function readSnapshot<T>(userId: number, key: string): Promise<T | undefined> {
  const id = storageKey(userId, key);
  const held = inMemory.get(id);
  if (held) return Date.now() - held.savedAt <= MAX_AGE_MS ? (held.data as T) : undefined;
  const stored = await (await offlineDatabase()).get('snapshots', id).catch(() => undefined);
  if (!stored || Date.now() - Date.parse(stored.savedAt) > MAX_AGE_MS) return undefined;
  return stored.data as T;
}
