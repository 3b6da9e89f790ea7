import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { apiTokens } from '../db/schema/tokens';

/** The SQL behind bearer tokens; tokens.ts decides hashing, expiry and when to touch. */
export async function insertToken(
  db: Executor,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(apiTokens).values(values);
}

/** The token with this hash if it is not revoked, not past `now` and used after `idleCutoff`. */
export async function findLiveToken(db: Executor, tokenHash: string, now: Date, idleCutoff: Date) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, now),
        gt(apiTokens.lastUsedAt, idleCutoff),
      ),
    )
    .limit(1);
  return row;
}

export async function touchToken(db: Executor, tokenId: number, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, tokenId));
}

export async function revokeTokenRow(db: Executor, tokenId: number): Promise<void> {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, tokenId));
}

export async function revokeTokensOfUser(db: Executor, userId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/** Tokens past their absolute expiry, or revoked before `revokedBefore`. */
export async function deleteDeadTokens(db: Executor, revokedBefore: Date): Promise<void> {
  await db.delete(apiTokens).where(or(lt(apiTokens.expiresAt, sql`now()`), lt(apiTokens.revokedAt, revokedBefore)));
}

/** Whether the token of this id is still usable: not revoked, not past its absolute expiry (its user not deleted). */
export async function isTokenLive(db: Executor, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  return rows.length > 0;
}
