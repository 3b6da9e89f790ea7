import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema/idempotency';

export interface IdempotencyRow {
  id: number;
  fingerprint: string;
  responseStatus: number | null;
  responseBody: unknown;
}

/**
 * Claims (caller, key) for a new request: inserts the row, or takes over one whose window has passed. One statement
 * on its own (not inside the work's transaction), so the unique index settles a race between API processes at once
 * and the loser sees the winner's row. Answers the row id when this request owns the key, else undefined.
 */
export async function claimIdempotencyKey(
  db: Executor,
  values: { caller: string; key: string; fingerprint: string; expiresAt: Date },
): Promise<number | undefined> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.key],
      set: {
        fingerprint: values.fingerprint,
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now()`,
        expiresAt: values.expiresAt,
      },
      setWhere: lt(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ id: idempotencyKeys.id });
  return row?.id;
}

export async function findIdempotencyKey(
  db: Executor,
  caller: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select({
      id: idempotencyKeys.id,
      fingerprint: idempotencyKeys.fingerprint,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
  return row;
}

export async function storeIdempotentAnswer(db: Executor, id: number, status: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body ?? null })
    .where(eq(idempotencyKeys.id, id));
}

/** Gives the key up (the first request failed on the server's side): the next attempt does the work. */
export async function releaseIdempotencyKey(db: Executor, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

/** Deletes up to `limit` rows past their window (called with each claim, so the table stays small). */
export async function pruneExpiredIdempotencyKeys(db: Executor, limit = 100): Promise<void> {
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .limit(limit);
  await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, expired));
}
