import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueuedAction, QueueStore } from './queued-action';

/** What a floor screen read last time it was online, for one user: shown again when it cannot read it now. */
export interface Snapshot {
  key: string;
  userId: number;
  savedAt: string;
  data: unknown;
  /** The keys of the queued actions the copy shows already (absent on copies kept before they were recorded). */
  shows?: string[];
}

interface OfflineSchema extends DBSchema {
  actions: { key: number; value: QueuedAction; indexes: { byUser: number } };
  snapshots: { key: string; value: Snapshot };
}

let database: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The handheld's own database (IndexedDB `wms-offline`): it survives a reload, a closed tab and a restart. */
export function offlineDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>('wms-offline', 1, {
    upgrade(db) {
      const actions = db.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true });
      actions.createIndex('byUser', 'userId');
      db.createObjectStore('snapshots', { keyPath: 'key' });
    },
  });
  return database;
}

/** The queue's store in IndexedDB: `seq` is the store's own increasing key, so a user's list comes in order. */
export const indexedDbQueueStore: QueueStore = {
  async add(action) {
    const db = await offlineDatabase();
    const seq = await db.add('actions', action as QueuedAction);
    return { ...action, seq };
  },
  async list(userId) {
    const db = await offlineDatabase();
    const rows = await db.getAllFromIndex('actions', 'byUser', userId);
    return rows.sort((a, b) => a.seq - b.seq);
  },
  async put(action) {
    await (await offlineDatabase()).put('actions', action);
  },
  async remove(seq) {
    await (await offlineDatabase()).delete('actions', seq);
  },
};
