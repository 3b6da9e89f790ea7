import {
  INVENTORY_MESSAGES,
  type Inventory,
  type InventoryAdjustInput,
  type InventoryCreateInput,
  type InventoryUpdateInput,
} from '@wms/contract/inventory';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import type { PageRequest } from '../../../http/pagination';
import { accountResource } from '../../catalogue/accounts/accounts-api';
import { findProductInScope } from '../../catalogue/products/products-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { fillBackorders } from './fill-backorders';
import {
  isAccountInWarehouse as accountInWarehouse,
  countStockStatuses,
  deleteInventoryRow,
  findInventory,
  type InventoryFilter,
  insertEmptyInventory,
  listInventories,
  listMovements,
  lockInventory,
  setInventoryVerified,
} from './inventory-repository';
import { inventoryResource } from './inventory-scope';
import { applyMovement } from './ledger';
import { expiringLotsOfInventories } from './lot-expiry-repository';
import { resolveManualPlace } from './manual-stock-place';

const inventoryNotFound = () => notFound(INVENTORY_MESSAGES.notFound);

/** An inventory row's events concern its warehouse and its account. */
const rowEvent = (auth: RequestAuth, id: number, row: { warehouseId: number; accountId: number }) => ({
  actorId: auth.user.id,
  subject: { type: 'inventory', id },
  warehouseIds: [row.warehouseId],
  accountIds: [row.accountId],
});

async function loadOrThrow(db: Executor, auth: RequestAuth, id: number): Promise<Inventory> {
  return viewInScope(db, await auth.scope(), id);
}

async function viewInScope(db: Executor, scope: Scope, id: number): Promise<Inventory> {
  const inventory = await findInventory(db, scope, id);
  if (!inventory) throw inventoryNotFound();
  return inventory;
}

export const getInventory = loadOrThrow;

/**
 * A list filtered by expiry carries, on each row, the lots and locations whose units expire within the window:
 * one more query for the page, whatever its size.
 */
async function withExpiringLots<P extends { data: Inventory[] }>(
  db: Executor,
  page: P,
  filter: InventoryFilter,
): Promise<P> {
  const days = filter.expiring_within_days;
  if (days === undefined) return page;
  const lots = await expiringLotsOfInventories(
    db,
    page.data.map((row) => row.id),
    days,
  );
  return { ...page, data: page.data.map((row) => ({ ...row, expiring_lots: lots.get(row.id) ?? [] })) };
}

/** A page of rows in scope with the low / out-of-stock counts of the same filter (without its search). */
export async function listInventoriesWithCounts(
  db: Executor,
  auth: RequestAuth,
  filter: InventoryFilter & PageRequest,
) {
  const scope = await auth.scope();
  const [page, counts] = await Promise.all([listInventories(db, scope, filter), countStockStatuses(db, scope, filter)]);
  return { ...(await withExpiringLots(db, page, filter)), counts };
}

/** The same for one account's rows: 404 when the account is not the caller's to see. */
export async function listAccountInventories(
  db: Executor,
  auth: RequestAuth,
  accountId: number,
  filter: Omit<InventoryFilter, 'account_id'> & PageRequest,
) {
  await requireAccess(db, await auth.scope(), accountResource, accountId);
  return listInventoriesWithCounts(db, auth, { ...filter, account_id: accountId });
}

/** A page of rows in one stock status (the low-stock and out-of-stock lists). */
export async function listInventoriesInStatus(db: Executor, auth: RequestAuth, filter: InventoryFilter & PageRequest) {
  return withExpiringLots(db, await listInventories(db, await auth.scope(), filter), filter);
}

/** A row's movements, newest first: 404 when the row is not the caller's to see. */
export async function listInventoryMovements(db: Executor, auth: RequestAuth, id: number, page: PageRequest) {
  await requireAccess(db, await auth.scope(), inventoryResource, id);
  return listMovements(db, id, page);
}

/**
 * The account a new row is kept for: a client's is forced to one they own (their selection, or their only account);
 * staff must name one (defaulting to the product's own account).
 */
async function resolveAccountId(
  auth: RequestAuth,
  input: InventoryCreateInput,
  productAccountId: number,
): Promise<number> {
  const scope = await auth.scope();
  if (scope.kind === 'accounts') {
    const accountId = input.account_id ?? (scope.accountIds.length === 1 ? scope.accountIds[0] : productAccountId);
    if (accountId === undefined || !scope.accountIds.includes(accountId)) {
      throw fieldError('account_id', INVENTORY_MESSAGES.accountInvalid);
    }
    return accountId;
  }
  return input.account_id ?? productAccountId;
}

export async function createInventory(
  db: Database,
  auth: RequestAuth,
  input: InventoryCreateInput,
): Promise<Inventory> {
  const scope = await auth.scope();
  // Out of scope reads as missing, so another client's product ids reveal nothing.
  const product = await findProductInScope(db, scope, input.product_id);
  if (!product) throw fieldError('product_id', INVENTORY_MESSAGES.productInvalid);
  const accountId = await resolveAccountId(auth, input, product.account_id);
  if (product.account_id !== accountId) throw fieldError('product_id', INVENTORY_MESSAGES.productNotInAccount);
  if (!canSeeWarehouse(scope, input.warehouse_id))
    throw fieldError('warehouse_id', INVENTORY_MESSAGES.warehouseInvalid);
  if (!(await isAccountInWarehouse(db, accountId, input.warehouse_id))) {
    throw fieldError('account_id', INVENTORY_MESSAGES.accountNotInWarehouse);
  }
  const userId = auth.user.id;
  const id = await inTransaction(db, async (tx) => {
    const { id: newId, created } = await insertEmptyInventory(tx, {
      productId: product.id,
      warehouseId: input.warehouse_id,
      accountId,
    });
    if (!created) throw fieldError('product_id', INVENTORY_MESSAGES.duplicate);
    const place = await resolveManualPlace(tx, {
      warehouseId: input.warehouse_id,
      product,
      onHandDelta: input.quantity_on_hand,
      place: input,
    });
    await applyMovement(tx, {
      inventoryId: newId,
      type: 'initial',
      onHandDelta: input.quantity_on_hand,
      reservedDelta: input.quantity_reserved,
      ...place,
      reason: 'Inventory created',
      userId,
    });
    await recordEvent(tx, {
      kind: 'inventory.created',
      payload: { sku: product.sku, on_hand: input.quantity_on_hand },
      ...rowEvent(auth, newId, { warehouseId: input.warehouse_id, accountId }),
    });
    // Orders placed before the product was stocked here wait for these units.
    await fillBackorders(tx, [newId], userId);
    return newId;
  });
  return loadOrThrow(db, auth, id);
}

/** Sets on hand (and reserved when given) to new values; the difference goes to the ledger as one `edit` movement. */
export async function updateInventory(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: InventoryUpdateInput,
): Promise<Inventory> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const row = await lockInventory(tx, scope, id);
    if (!row) throw inventoryNotFound();
    const movedSinceLoaded =
      (input.expected_on_hand !== undefined && input.expected_on_hand !== row.quantityOnHand) ||
      (input.expected_reserved !== undefined && input.expected_reserved !== row.quantityReserved);
    if (movedSinceLoaded) throw conflict(INVENTORY_MESSAGES.changedSinceLoaded);
    const reserved = input.quantity_reserved ?? row.quantityReserved;
    if (reserved > input.quantity_on_hand) {
      throw fieldError(
        input.quantity_reserved === undefined ? 'quantity_on_hand' : 'quantity_reserved',
        input.quantity_reserved === undefined
          ? INVENTORY_MESSAGES.onHandBelowReserved
          : INVENTORY_MESSAGES.reservedExceedsOnHand,
      );
    }
    const onHandDelta = input.quantity_on_hand - row.quantityOnHand;
    const reservedDelta = reserved - row.quantityReserved;
    if (onHandDelta === 0 && reservedDelta === 0) return;
    const before = await viewInScope(tx, scope, id);
    const place = await resolveManualPlace(tx, {
      warehouseId: row.warehouseId,
      product: before.product,
      onHandDelta,
      place: input,
    });
    await applyMovement(tx, {
      inventoryId: id,
      type: 'edit',
      onHandDelta,
      reservedDelta,
      ...place,
      userId: auth.user.id,
    });
    const current = await viewInScope(tx, scope, id);
    await recordEvent(tx, {
      kind: 'inventory.updated',
      payload: { sku: current.product.sku, on_hand: input.quantity_on_hand, reserved },
      ...rowEvent(auth, id, row),
    });
    await fillBackorders(tx, [id], auth.user.id);
  });
  return loadOrThrow(db, auth, id);
}

export async function adjustInventory(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: InventoryAdjustInput,
): Promise<Inventory> {
  const scope = await auth.scope();
  const onHandDelta = input.type === 'on_hand' ? input.quantity_change : 0;
  const reservedDelta = input.type === 'reserved' ? input.quantity_change : 0;
  await inTransaction(db, async (tx) => {
    // Locked in scope inside the transaction, so the row cannot leave the caller's scope before it moves.
    const row = await lockInventory(tx, scope, id);
    if (!row) throw inventoryNotFound();
    const current = await viewInScope(tx, scope, id);
    // A named place only matters when on hand changes (reservations hold no place).
    const place = await resolveManualPlace(tx, {
      warehouseId: row.warehouseId,
      product: current.product,
      onHandDelta,
      place: input,
    });
    await applyMovement(tx, {
      inventoryId: id,
      type: 'adjustment',
      onHandDelta,
      reservedDelta,
      ...place,
      reason: input.reason,
      referenceType: 'adjustment',
      userId: auth.user.id,
    });
    await recordEvent(tx, {
      kind: 'inventory.adjusted',
      payload: {
        sku: current.product.sku,
        quantity: input.type,
        change: input.quantity_change,
        reason: input.reason ?? null,
      },
      ...rowEvent(auth, id, { warehouseId: current.warehouse_id, accountId: current.account_id }),
    });
    // Whatever the adjustment made available goes to the waiting orders first.
    await fillBackorders(tx, [id], auth.user.id);
  });
  return loadOrThrow(db, auth, id);
}

/**
 * Deleting a row holding stock first writes a `closing` movement that takes on hand to zero, so the ledger still
 * explains where the units went; a row with reservations is refused (orders still count on that stock).
 */
export async function deleteInventory(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const scope = await auth.scope();
  await db.transaction(async (tx) => {
    const row = await lockInventory(tx, scope, id);
    if (!row) throw inventoryNotFound();
    if (row.quantityReserved > 0) throw conflict(INVENTORY_MESSAGES.deleteReserved);
    const { product } = await viewInScope(tx, scope, id);
    if (row.quantityOnHand > 0) {
      await applyMovement(tx, {
        inventoryId: id,
        type: 'closing',
        onHandDelta: -row.quantityOnHand,
        reservedDelta: 0,
        reason: 'Inventory deleted',
        userId: auth.user.id,
      });
    }
    if ((await deleteInventoryRow(tx, scope, id)) === 0) throw inventoryNotFound();
    await recordEvent(tx, {
      kind: 'inventory.deleted',
      payload: { sku: product.sku, written_off: row.quantityOnHand },
      ...rowEvent(auth, id, row),
    });
  });
}

/** Spec §4: the verified flag is toggled by staff (admin, super-admin, manager), never by clients. */
export async function verifyInventory(
  db: Database,
  auth: RequestAuth,
  id: number,
  verified: boolean,
): Promise<Inventory> {
  auth.require('setInventoryVerified');
  const scope = await auth.scope();
  await db.transaction(async (tx) => {
    if ((await setInventoryVerified(tx, scope, id, verified)) === 0) throw inventoryNotFound();
    const current = await viewInScope(tx, scope, id);
    await recordEvent(tx, {
      kind: 'inventory.verified',
      payload: { sku: current.product.sku, verified },
      ...rowEvent(auth, id, { warehouseId: current.warehouse_id, accountId: current.account_id }),
    });
  });
  return loadOrThrow(db, auth, id);
}

/** Is the account linked to the warehouse? (Shipments refuse an inbound shipment for an account that is not.) */
export const isAccountInWarehouse = (db: Executor, accountId: number, warehouseId: number): Promise<boolean> =>
  accountInWarehouse(db, accountId, warehouseId);
