import type { Permission } from '@wms/contract/access';
import type { Executor } from '../db/client';
import { hashApiKeySecret } from './api-key-secrets';
import { findLiveApiKey, findLiveApiKeysByIds, touchApiKey } from './api-keys-repository';

/** Recording last use on every request would turn every read into a write; once a minute (or a new address) is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ResolvedApiKey {
  id: number;
  userId: number;
  /** Null: the creator's whole scope. */
  accountId: number | null;
  permissions: readonly Permission[];
}

/**
 * The live key behind a bearer value, read from the database on every request (one indexed lookup), so a key
 * revoked or expired on any API process is refused by every other at once (no cache to outlive a revocation).
 */
export async function resolveApiKey(db: Executor, secret: string, ip: string): Promise<ResolvedApiKey | null> {
  const now = new Date();
  const row = await findLiveApiKey(db, hashApiKeySecret(secret), now);
  if (!row) return null;
  const stale = !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS;
  if (stale || row.lastUsedIp !== ip) await touchApiKey(db, row.id, now, ip);
  return {
    id: row.id,
    userId: row.userId,
    accountId: row.accountId,
    permissions: row.permissions as Permission[],
  };
}

/** The live keys among these ids (revoked, expired or deleted ones are absent), by id. */
export async function liveApiKeys(
  db: Executor,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, ResolvedApiKey>> {
  if (ids.length === 0) return new Map();
  const rows = await findLiveApiKeysByIds(db, ids, now);
  return new Map(rows.map((row) => [row.id, { ...row, permissions: row.permissions as Permission[] }]));
}
