import { API_KEY_PERMISSIONS } from '@wms/contract/access';
import { API_KEY_MESSAGES, type ApiKey, type apiKeyCreateSchema } from '@wms/contract/api-keys';
import { allows } from '@wms/contract/policy';
import type { z } from 'zod';
import { generateApiKeySecret } from '../../../auth/api-key-secrets';
import { verifyPassword } from '../../../auth/passwords';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, HttpError, notFound, validationError } from '../../../http/errors';
import { getAccountInScope } from '../../catalogue/accounts/accounts-api';
import { accountEventScope, recordEvent } from '../../platform/activity/activity-api';
import { findOwnPasswordHash } from '../../platform/users/users-api';
import {
  type ApiKeyRow,
  accountNameOf,
  findApiKeyRow,
  insertApiKey,
  type KeyOwnerFilter,
  listApiKeyRows,
  revokeApiKeyRow,
  revokeLiveKeysOfUser,
} from './api-keys-repository';

type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;

/** Administrators see and revoke every key (a leaked client key must be stoppable); everyone else their own. */
const ownerFilter = (auth: RequestAuth): KeyOwnerFilter =>
  allows(auth.user.role, 'seeEverything') ? { kind: 'all' } : { kind: 'user', userId: auth.user.id };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toApiKey(row: ApiKeyRow, now = new Date()): ApiKey {
  const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    token_prefix: row.tokenPrefix,
    permissions: row.permissions,
    account_id: row.accountId,
    account_name: row.accountName,
    user_id: row.userId,
    user_name: row.userName,
    created_at: row.createdAt.toISOString(),
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
    last_used_at: iso(row.lastUsedAt),
    last_used_ip: row.lastUsedIp,
    status,
  };
}

export async function listApiKeys(db: Executor, auth: RequestAuth): Promise<ApiKey[]> {
  return (await listApiKeyRows(db, ownerFilter(auth))).map((row) => toApiKey(row));
}

/** The account a key works for: required for a client (one of theirs), optional for staff; within the scope. */
async function keyAccount(db: Executor, auth: RequestAuth, accountId: number | null | undefined) {
  if (accountId === null || accountId === undefined) {
    if (allows(auth.user.role, 'workInSelectedAccount')) {
      throw validationError({ account_id: [API_KEY_MESSAGES.accountRequired] });
    }
    return null;
  }
  try {
    return await getAccountInScope(db, auth, accountId);
  } catch (error) {
    // Someone else's account reads as invalid, like any other form's reference (never "exists but not yours").
    if (error instanceof HttpError && error.statusCode === 404) {
      throw validationError({ account_id: [API_KEY_MESSAGES.accountInvalid] });
    }
    throw error;
  }
}

/**
 * A new key: permissions the creator holds (never key management), shown once, stored as a hash. The creator's
 * current password comes first: a signed-in session alone must not mint a credential that outlives it.
 */
export async function createApiKey(
  db: Database,
  auth: RequestAuth,
  input: ApiKeyCreate,
): Promise<{ key: ApiKey; secret: string }> {
  if (!(await verifyPassword(await findOwnPasswordHash(db, auth.user.id), input.current_password))) {
    throw validationError({ current_password: [API_KEY_MESSAGES.currentPasswordIncorrect] });
  }
  const refused = input.permissions.filter((p) => (API_KEY_PERMISSIONS as readonly string[]).includes(p));
  if (refused.length) throw validationError({ permissions: [API_KEY_MESSAGES.permissionNotGrantable] });
  if (input.permissions.some((p) => !auth.can(p))) {
    throw validationError({ permissions: [API_KEY_MESSAGES.permissionNotHeld] });
  }
  const account = await keyAccount(db, auth, input.account_id);
  const { secret, prefix, hash } = generateApiKeySecret();
  const row = await inTransaction(db, async (tx) => {
    const id = await insertApiKey(tx, {
      userId: auth.user.id,
      accountId: account?.id ?? null,
      name: input.name,
      tokenPrefix: prefix,
      tokenHash: hash,
      permissions: input.permissions,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    });
    await recordEvent(tx, {
      kind: 'api_key.created',
      payload: { name: input.name, account_name: account?.name ?? null },
      actorId: auth.user.id,
      subject: { type: 'api_key', id },
      ...(await accountEventScope(tx, account ? [account.id] : [])),
    });
    return (await findApiKeyRow(tx, { kind: 'all' }, id))!;
  });
  return { key: toApiKey(row), secret };
}

/** Revoked at once for every API process: each request looks its key up in the database. */
export async function revokeApiKey(db: Database, auth: RequestAuth, id: number): Promise<ApiKey> {
  const owner = ownerFilter(auth);
  return inTransaction(db, async (tx) => {
    const existing = await findApiKeyRow(tx, owner, id);
    if (!existing) throw notFound(API_KEY_MESSAGES.notFound);
    if (!(await revokeApiKeyRow(tx, owner, id))) throw conflict(API_KEY_MESSAGES.alreadyRevoked);
    await recordEvent(tx, {
      kind: 'api_key.revoked',
      payload: { name: existing.name, account_name: existing.accountName },
      actorId: auth.user.id,
      subject: { type: 'api_key', id },
      ...(await accountEventScope(tx, existing.accountId ? [existing.accountId] : [])),
    });
    return toApiKey((await findApiKeyRow(tx, owner, id))!);
  });
}

/**
 * A password change may revoke every live key of its user, in the change's own transaction, each with
 * its `api_key.revoked` event (the key's account owner and administrators see it, as for a revoke by hand).
 */
export async function revokeApiKeysOfUser(tx: Executor, actorId: number, userId: number): Promise<number> {
  const revoked = await revokeLiveKeysOfUser(tx, userId);
  for (const key of revoked) {
    await recordEvent(tx, {
      kind: 'api_key.revoked',
      payload: { name: key.name, account_name: key.accountId ? await accountNameOf(tx, key.accountId) : null },
      actorId,
      subject: { type: 'api_key', id: key.id },
      ...(await accountEventScope(tx, key.accountId ? [key.accountId] : [])),
    });
  }
  return revoked.length;
}
