import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { apiKeys } from '../../../db/schema/api-keys';
import { users } from '../../../db/schema/users';

export interface ApiKeyRow {
  id: number;
  name: string;
  tokenPrefix: string;
  permissions: string[];
  accountId: number | null;
  accountName: string | null;
  userId: number;
  userName: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

/** Whose keys a caller manages: their own, or every key (administrators, to revoke a leaked one). */
export type KeyOwnerFilter = { kind: 'all' } | { kind: 'user'; userId: number };

const ownerCondition = (owner: KeyOwnerFilter): SQL | undefined =>
  owner.kind === 'all' ? undefined : eq(apiKeys.userId, owner.userId);

const selectKeys = (db: Executor) =>
  db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      tokenPrefix: apiKeys.tokenPrefix,
      permissions: apiKeys.permissions,
      accountId: apiKeys.accountId,
      accountName: accounts.name,
      userId: apiKeys.userId,
      userName: users.name,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(accounts, eq(accounts.id, apiKeys.accountId));

export function listApiKeyRows(db: Executor, owner: KeyOwnerFilter): Promise<ApiKeyRow[]> {
  return selectKeys(db).where(ownerCondition(owner)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKeyRow(db: Executor, owner: KeyOwnerFilter, id: number): Promise<ApiKeyRow | undefined> {
  const [row] = await selectKeys(db).where(and(eq(apiKeys.id, id), ownerCondition(owner)));
  return row;
}

export async function insertApiKey(
  db: Executor,
  values: {
    userId: number;
    accountId: number | null;
    name: string;
    tokenPrefix: string;
    tokenHash: string;
    permissions: string[];
    expiresAt: Date | null;
  },
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

/** Revokes a live key the owner filter reaches; answers whether one was revoked. */
export async function revokeApiKeyRow(db: Executor, owner: KeyOwnerFilter, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), ownerCondition(owner)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Revokes every live key of a user (a password change); answers the keys it revoked. */
export async function revokeLiveKeysOfUser(
  db: Executor,
  userId: number,
): Promise<{ id: number; name: string; accountId: number | null }[]> {
  return db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name, accountId: apiKeys.accountId });
}

export async function accountNameOf(db: Executor, accountId: number): Promise<string | null> {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? null;
}
