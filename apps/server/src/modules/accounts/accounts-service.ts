import {
  ACCOUNT_MESSAGES,
  type AccountCreateBody,
  type AccountUpdateBody,
  clientAccountCreateSchema,
  clientAccountUpdateSchema,
  staffAccountCreateSchema,
  staffAccountUpdateSchema,
} from '@wms/contract/accounts';
import type { Account } from '@wms/contract/entities';
import type { RequestAuth } from '../../auth/request-auth';
import type { Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { conflict, fieldError, notFound } from '../../http/errors';
import { parseInput } from '../../http/parse-input';
import { deleteRecorded } from '../activity/delete-recorded';
import { recordActivity } from '../activity/record-activity';
import { userHasRole } from '../users/users-repository';
import { checkedWarehouseIds } from '../users/warehouse-ids-check';
import { accountWithinScope } from './account-view';
import {
  countInventoriesIn,
  deleteAccountRow,
  findAccountInScope,
  insertAccount,
  replaceAccountWarehouses,
  updateAccountRow,
} from './accounts-repository';

/** An account the caller may see, or 404 (a client asking for someone else's account learns nothing). */
export async function getAccountInScope(db: Database, auth: RequestAuth, id: number): Promise<Account> {
  const account = await findAccountInScope(db, await auth.scope(), id);
  if (!account) throw notFound();
  return account;
}

async function assertOwnerIsClient(db: Database, userId: number): Promise<void> {
  if (!(await userHasRole(db, userId, 'client'))) throw fieldError('user_id', ACCOUNT_MESSAGES.ownerMustBeClient);
}

const warehousesOf = (db: Database, scope: Scope, ids: number[]) =>
  checkedWarehouseIds(db, scope, ids, 'warehouse_ids', ACCOUNT_MESSAGES.warehouseInvalid);

const reachOf = (scope: Scope) => (scope.kind === 'all' ? undefined : scope.warehouseIds);

/**
 * Staff create accounts for a client owner with every field given. A client creates accounts for themselves only:
 * owner, status and type they send are ignored, and the account starts inactive until staff activate it.
 */
export async function createAccount(db: Database, auth: RequestAuth, body: AccountCreateBody): Promise<Account> {
  const scope = await auth.scope();
  let columns: { name: string; status: 'active' | 'inactive'; accountType: 'regular' | 'fast'; userId: number };
  let requestedWarehouses: number[];
  if (auth.allows('manageAccountFields')) {
    const input = parseInput(staffAccountCreateSchema, body);
    await assertOwnerIsClient(db, input.user_id);
    columns = { name: input.name, status: input.status, accountType: input.account_type, userId: input.user_id };
    requestedWarehouses = input.warehouse_ids;
  } else {
    const input = parseInput(clientAccountCreateSchema, body);
    columns = { name: input.name, status: 'inactive', accountType: 'regular', userId: auth.user.id };
    requestedWarehouses = input.warehouse_ids;
  }
  const warehouseIds = await warehousesOf(db, scope, requestedWarehouses);

  const id = await db.transaction(async (tx) => {
    const accountId = await insertAccount(tx, columns);
    await replaceAccountWarehouses(tx, accountId, warehouseIds, undefined);
    await recordActivity(tx, {
      userId: auth.user.id,
      action: 'created',
      subjectType: 'account',
      subjectId: accountId,
      accountId,
      warehouseId: warehouseIds[0],
      description: `Account ${columns.name} created`,
      properties: { status: columns.status, account_type: columns.accountType, warehouse_ids: warehouseIds },
    });
    return accountId;
  });
  return accountWithinScope((await findAccountInScope(db, { kind: 'all' }, id))!, scope);
}

/** Staff edit every field; a client edits name and warehouses of their own account (status and owner stay). */
export async function updateAccount(
  db: Database,
  auth: RequestAuth,
  id: number,
  body: AccountUpdateBody,
): Promise<Account> {
  const before = await getAccountInScope(db, auth, id);
  const scope = await auth.scope();
  let columns: Partial<{
    name: string;
    status: 'active' | 'inactive';
    accountType: 'regular' | 'fast';
    userId: number;
  }>;
  let requestedWarehouses: number[];
  if (auth.allows('manageAccountFields')) {
    const input = parseInput(staffAccountUpdateSchema, body);
    if (input.user_id !== before.user_id) await assertOwnerIsClient(db, input.user_id);
    columns = { name: input.name, status: input.status, userId: input.user_id };
    if (input.account_type) columns.accountType = input.account_type;
    requestedWarehouses = input.warehouse_ids;
  } else {
    const input = parseInput(clientAccountUpdateSchema, body);
    columns = { name: input.name };
    requestedWarehouses = input.warehouse_ids;
  }
  const warehouseIds = await warehousesOf(db, scope, requestedWarehouses);

  const reach = reachOf(scope);
  const removed = before.warehouse_ids.filter(
    (warehouseId) => !warehouseIds.includes(warehouseId) && (reach === undefined || reach.includes(warehouseId)),
  );
  await db.transaction(async (tx) => {
    // Inventory rows need their account–warehouse link: unlinking a warehouse that holds stock would orphan them.
    if (removed.length && (await countInventoriesIn(tx, id, removed)) > 0) {
      throw conflict(ACCOUNT_MESSAGES.warehouseHasStock);
    }
    await updateAccountRow(tx, id, columns);
    await replaceAccountWarehouses(tx, id, warehouseIds, reach);
    const statusChanged = columns.status !== undefined && columns.status !== before.status;
    await recordActivity(tx, {
      userId: auth.user.id,
      action: 'updated',
      subjectType: 'account',
      subjectId: id,
      accountId: id,
      warehouseId: warehouseIds[0],
      description: `Account ${columns.name} updated`,
      properties: statusChanged ? { status: { from: before.status, to: columns.status } } : undefined,
    });
  });
  return accountWithinScope((await findAccountInScope(db, { kind: 'all' }, id))!, scope);
}

/** Spec 1 §4: staff change the status inline; clients see it read-only. */
export async function setAccountStatus(
  db: Database,
  auth: RequestAuth,
  id: number,
  status: 'active' | 'inactive',
): Promise<Account> {
  auth.require('manageAccountFields', ACCOUNT_MESSAGES.clientCannotChangeStatus);
  const before = await getAccountInScope(db, auth, id);
  const scope = await auth.scope();
  await db.transaction(async (tx) => {
    await updateAccountRow(tx, id, { status });
    await recordActivity(tx, {
      userId: auth.user.id,
      action: 'status_changed',
      subjectType: 'account',
      subjectId: id,
      accountId: id,
      warehouseId: before.warehouse_ids[0],
      description: `Account ${before.name} set to ${status}`,
      properties: { from: before.status, to: status },
    });
  });
  return accountWithinScope((await findAccountInScope(db, { kind: 'all' }, id))!, scope);
}

/**
 * Products, inventory and (later) orders reference accounts with RESTRICT keys: deleting an account that owns any
 * is refused with 409 and the advice to deactivate it. Its warehouse links go with it.
 */
export async function deleteAccount(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const account = await getAccountInScope(db, auth, id);
  await deleteRecorded(
    db,
    (tx) => deleteAccountRow(tx, id),
    {
      userId: auth.user.id,
      subjectType: 'account',
      subjectId: id,
      description: `Account ${account.name} deleted`,
      properties: { owner_id: account.user_id, warehouse_ids: account.warehouse_ids },
    },
    ACCOUNT_MESSAGES.inUse,
  );
}
