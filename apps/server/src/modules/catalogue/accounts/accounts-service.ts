import {
  ACCOUNT_MESSAGES,
  type AccountCreateBody,
  type AccountHoldings,
  type AccountUpdateBody,
  accountHoldsRecords,
  clientAccountCreateSchema,
  clientAccountUpdateSchema,
  DEFAULT_PAYMENT_TERMS_DAYS,
  staffAccountCreateSchema,
  staffAccountUpdateSchema,
} from '@wms/contract/accounts';
import type { Account } from '@wms/contract/entities';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { conflict, fieldError, notFound } from '../../../http/errors';
import type { PageRequest } from '../../../http/pagination';
import { parseInput } from '../../../http/parse-input';
import { accountEventScope, deleteRecorded, mergeEventScopes, recordEvent } from '../../platform/activity/activity-api';
import { mayOwnAccounts } from '../../platform/users/users-api';
import { checkedWarehouseIds } from '../warehouses/warehouses-api';
import {
  type AccountColumns,
  type AccountListFilter,
  accountHoldings,
  countInventoriesIn,
  deleteAccountRow,
  findAccountInScope,
  findBillingTerms,
  insertAccount,
  listAccounts,
  replaceAccountWarehouses,
  updateAccountRow,
} from './accounts-repository';

/** An account the caller may see, or 404 (a client asking for someone else's account learns nothing). */
export async function getAccountInScope(db: Executor, auth: RequestAuth, id: number): Promise<Account> {
  const account = await findAccountInScope(db, await auth.scope(), id);
  if (!account) throw notFound();
  return account;
}

export async function listAccountsInScope(db: Executor, auth: RequestAuth, filter: AccountListFilter & PageRequest) {
  return listAccounts(db, await auth.scope(), filter);
}

async function assertOwnerIsClient(db: Database, userId: number): Promise<void> {
  if (!(await mayOwnAccounts(db, userId))) throw fieldError('user_id', ACCOUNT_MESSAGES.ownerMustBeClient);
}

const warehousesOf = (db: Database, scope: Scope, ids: number[]) =>
  checkedWarehouseIds(db, scope, ids, 'warehouse_ids', ACCOUNT_MESSAGES.warehouseInvalid);

/**
 * The billing fields a form sent; a field left out is not a column, so an update keeps it and
 * a new account takes the default (30 days, no address). A blank address is stored as none.
 */
function billingColumns(input: { billing_address?: string | null; payment_terms_days?: number }) {
  const columns: Pick<AccountColumns, 'billingAddress' | 'paymentTermsDays'> = {};
  if (input.billing_address !== undefined) columns.billingAddress = input.billing_address || null;
  if (input.payment_terms_days !== undefined) columns.paymentTermsDays = input.payment_terms_days;
  return columns;
}

/**
 * The picking settings a staff form sent (a field left out keeps the stored value, or the default on a new
 * account). A client's form never carries them: their schema drops them, as it drops status and owner.
 */
function pickingColumns(input: {
  min_remaining_shelf_life_days?: number;
  allow_partial_shipment?: boolean;
  allow_lot_substitution?: boolean;
  gs1_company_prefix?: string | null;
  require_label?: boolean;
}) {
  const columns: Pick<
    AccountColumns,
    'minRemainingShelfLifeDays' | 'allowPartialShipment' | 'allowLotSubstitution' | 'gs1CompanyPrefix' | 'requireLabel'
  > = {};
  if (input.min_remaining_shelf_life_days !== undefined) {
    columns.minRemainingShelfLifeDays = input.min_remaining_shelf_life_days;
  }
  if (input.allow_partial_shipment !== undefined) columns.allowPartialShipment = input.allow_partial_shipment;
  if (input.allow_lot_substitution !== undefined) columns.allowLotSubstitution = input.allow_lot_substitution;
  if (input.gs1_company_prefix !== undefined) columns.gs1CompanyPrefix = input.gs1_company_prefix;
  if (input.require_label !== undefined) columns.requireLabel = input.require_label;
  return columns;
}

/** What an invoice of the account is addressed to and its terms (read by invoices). */
export async function accountBillingTerms(
  db: Executor,
  accountId: number,
): Promise<{ billingAddress: string | null; paymentTermsDays: number }> {
  return (
    (await findBillingTerms(db, accountId)) ?? { billingAddress: null, paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS }
  );
}

const reachOf = (scope: Scope) => (scope.kind === 'all' ? undefined : scope.warehouseIds);

/**
 * Staff create accounts for a client owner with every field given. A client creates accounts for themselves only:
 * owner, status and type they send are ignored, and the account starts inactive until staff activate it.
 */
export async function createAccount(db: Database, auth: RequestAuth, body: AccountCreateBody): Promise<Account> {
  const scope = await auth.scope();
  let columns: AccountColumns;
  let requestedWarehouses: number[];
  if (auth.allows('manageAccountFields')) {
    const input = parseInput(staffAccountCreateSchema, body);
    await assertOwnerIsClient(db, input.user_id);
    columns = {
      name: input.name,
      status: input.status,
      accountType: input.account_type,
      userId: input.user_id,
      ...billingColumns(input),
      ...pickingColumns(input),
    };
    requestedWarehouses = input.warehouse_ids;
  } else {
    const input = parseInput(clientAccountCreateSchema, body);
    columns = {
      name: input.name,
      status: 'inactive',
      accountType: 'regular',
      userId: auth.user.id,
      ...billingColumns(input),
    };
    requestedWarehouses = input.warehouse_ids;
  }
  const warehouseIds = await warehousesOf(db, scope, requestedWarehouses);

  const id = await db.transaction(async (tx) => {
    const accountId = await insertAccount(tx, columns);
    await replaceAccountWarehouses(tx, accountId, warehouseIds, undefined);
    await recordEvent(tx, {
      kind: 'account.created',
      payload: { name: columns.name },
      actorId: auth.user.id,
      subject: { type: 'account', id: accountId },
      ...(await accountEventScope(tx, [accountId])),
    });
    return accountId;
  });
  // A client's new account was not in the scope resolved before it existed.
  await auth.rescope();
  return getAccountInScope(db, auth, id);
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
  let columns: Partial<AccountColumns>;
  let requestedWarehouses: number[];
  if (auth.allows('manageAccountFields')) {
    const input = parseInput(staffAccountUpdateSchema, body);
    if (input.user_id !== before.user_id) await assertOwnerIsClient(db, input.user_id);
    columns = {
      name: input.name,
      status: input.status,
      userId: input.user_id,
      ...billingColumns(input),
      ...pickingColumns(input),
    };
    if (input.account_type) columns.accountType = input.account_type;
    requestedWarehouses = input.warehouse_ids;
  } else {
    const input = parseInput(clientAccountUpdateSchema, body);
    columns = { name: input.name, ...billingColumns(input) };
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
    // Warehouses unlinked here still hear of it: the event concerns the links before and after.
    const linkedBefore = await accountEventScope(tx, [id]);
    if ((await updateAccountRow(tx, scope, id, columns)) === 0) throw notFound();
    await replaceAccountWarehouses(tx, id, warehouseIds, reach);
    const statusChanged = columns.status !== undefined && columns.status !== before.status;
    await recordEvent(tx, {
      kind: 'account.updated',
      payload: {
        name: columns.name ?? before.name,
        ...(statusChanged ? { status_from: before.status, status_to: columns.status } : {}),
      },
      actorId: auth.user.id,
      subject: { type: 'account', id },
      ...mergeEventScopes(linkedBefore, await accountEventScope(tx, [id])),
    });
  });
  return getAccountInScope(db, auth, id);
}

/** Spec 1 §4: staff change the status inline; clients see it read-only. */
export async function setAccountStatus(
  db: Database,
  auth: RequestAuth,
  id: number,
  status: 'active' | 'inactive',
): Promise<Account> {
  auth.require('manageAccountFields', ACCOUNT_MESSAGES.clientCannotChangeStatus);
  const scope = await auth.scope();
  const before = await getAccountInScope(db, auth, id);
  await db.transaction(async (tx) => {
    if ((await updateAccountRow(tx, scope, id, { status })) === 0) throw notFound();
    await recordEvent(tx, {
      kind: 'account.status_changed',
      payload: { name: before.name, from: before.status, to: status },
      actorId: auth.user.id,
      subject: { type: 'account', id },
      ...(await accountEventScope(tx, [id])),
    });
  });
  return getAccountInScope(db, auth, id);
}

/** What an account in the caller's scope still holds (the delete dialog shows it before asking). */
export async function getAccountHoldings(db: Executor, auth: RequestAuth, id: number): Promise<AccountHoldings> {
  await getAccountInScope(db, auth, id);
  return accountHoldings(db, id);
}

/**
 * Products, inventory and orders reference accounts with RESTRICT keys: deleting an account that holds any is
 * refused with 409 saying what it holds, with the advice to deactivate it; other references
 * (shipments, inquiries) keep the general message. Its warehouse links go with it.
 */
export async function deleteAccount(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const scope = await auth.scope();
  const account = await getAccountInScope(db, auth, id);
  await deleteRecorded(
    db,
    async (tx) => {
      const holdings = await accountHoldings(tx, id);
      if (accountHoldsRecords(holdings)) throw conflict(ACCOUNT_MESSAGES.holds(account.name, holdings));
      if ((await deleteAccountRow(tx, scope, id)) === 0) throw notFound();
    },
    async (tx) => ({
      kind: 'account.deleted' as const,
      payload: { name: account.name },
      actorId: auth.user.id,
      subject: { type: 'account', id },
      ...(await accountEventScope(tx, [id])),
    }),
    ACCOUNT_MESSAGES.inUse,
  );
}
