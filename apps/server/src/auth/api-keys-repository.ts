import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { apiKeys } from '../db/schema/api-keys';

/** The SQL behind authenticating with an API key; api-key-auth.ts decides expiry and when to touch. */
export async function findLiveApiKey(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      accountId: apiKeys.accountId,
      permissions: apiKeys.permissions,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.tokenHash, tokenHash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    )
    .limit(1);
  return row;
}

export async function touchApiKey(db: Executor, id: number, at: Date, ip: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiKeys.id, id));
}

/** Whether the key of this id is still usable: not revoked, not expired. */
export async function isApiKeyLive(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))),
    );
  return rows.length > 0;
}

/** Of these keys, the live ones (not revoked, not expired): the webhook dispatcher's check of who made a subscription. */
export function findLiveApiKeysByIds(db: Executor, ids: readonly number[], now: Date) {
  return db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      accountId: apiKeys.accountId,
      permissions: apiKeys.permissions,
    })
    .from(apiKeys)
    .where(
      and(
        inArray(apiKeys.id, [...ids]),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
}
