import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/client';
import {
  deleteDeadTokens,
  findLiveToken,
  insertToken,
  revokeTokenRow,
  revokeTokensOfUser,
  touchToken,
} from './tokens-repository';

export interface TokenPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** Touching last_used_at on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** How a token is stored and looked up (and keyed in the signed-in cache): its sha256, never the plain value. */
export const hashToken = (plain: string): string => createHash('sha256').update(plain).digest('hex');

/** 256 random bits, base64url; the client keeps the only copy of the plain value. */
export async function issueToken(db: Executor, userId: number, policy: TokenPolicy): Promise<string> {
  const plain = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.absoluteHours * 3_600_000);
  await insertToken(db, { userId, tokenHash: hashToken(plain), expiresAt });
  return plain;
}

export interface ResolvedToken {
  tokenId: number;
  userId: number;
  /** The absolute expiry: the signed-in cache never keeps a token past it. */
  expiresAt: Date;
}

/** The live token behind a bearer value: not revoked, not past its absolute or idle expiry. */
export function resolveToken(db: Executor, plain: string, policy: TokenPolicy): Promise<ResolvedToken | null> {
  return resolveTokenHash(db, hashToken(plain), policy);
}

/** `resolveToken` for a value already hashed (`hashToken`). */
export async function resolveTokenHash(
  db: Executor,
  tokenHash: string,
  policy: TokenPolicy,
): Promise<ResolvedToken | null> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - policy.idleMinutes * 60_000);
  const row = await findLiveToken(db, tokenHash, now, idleCutoff);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchToken(db, row.id, now);
  }
  return { tokenId: row.id, userId: row.userId, expiresAt: row.expiresAt };
}

export async function revokeToken(db: Executor, tokenId: number): Promise<void> {
  await revokeTokenRow(db, tokenId);
}

export async function revokeAllTokensOfUser(db: Executor, userId: number): Promise<void> {
  await revokeTokensOfUser(db, userId);
}

/** Housekeeping: drop tokens that can never be used again. */
export async function purgeDeadTokens(db: Executor): Promise<void> {
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  await deleteDeadTokens(db, weekAgo);
}
