import {
  SHIPMENT_MESSAGES,
  type Shipment,
  type ShipmentCreateInput,
  type ShipmentListQuery,
  type ShipmentRejectInput,
  type ShipmentStatistics,
  type ShipmentStatisticsQuery,
  type ShipmentTimelineItem,
  type ShipmentUpdateInput,
  type ShipmentVerifyInput,
} from '@wms/contract/shipments';
import { requireAccess } from '../../auth/access-gate';
import type { RequestAuth } from '../../auth/request-auth';
import { canSeeWarehouse, type Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { inTransaction, type Transaction } from '../../db/transaction';
import { conflict, forbidden, type HttpError, notFound, validationError } from '../../http/errors';
import { type Page, toPage } from '../../http/pagination';
import { listActivity } from '../activity/activity-feed';
import { recordEvent } from '../activity/record-event';
import { fillBackorders } from '../inventory/fill-backorders';
import { isAccountInWarehouse } from '../inventory/inventory-service';
import { receiveStock, StockError } from '../inventory/stock-operations';
import { deleteRefusal, editRefusal, reviewRefusal, type ShipmentRefusal } from './shipment-policy';
import { requireShipmentChanged, SHIPMENT_RESOURCE } from './shipment-scope';
import { toShipmentView } from './shipment-view';
import {
  countShipmentsByStatus,
  deleteShipmentRow,
  findAccountInScope,
  findProductInScope,
  findShipmentRow,
  findWarehouseRow,
  insertShipment,
  listShipmentRows,
  lockShipment,
  productSku,
  updateShipmentRow,
} from './shipments-repository';

const TIMELINE_LIMIT = 100;

/** A refused action as HTTP: not the caller's to do → 403; the shipment's state does not allow it → 409. */
function refusalError(refusal: ShipmentRefusal): HttpError {
  if (refusal === 'forbidden') return forbidden();
  if (refusal === 'onlyCreatorEdits' || refusal === 'onlyCreatorDeletes') return forbidden(SHIPMENT_MESSAGES[refusal]);
  return conflict(SHIPMENT_MESSAGES[refusal]);
}

export async function listShipments(
  db: Executor,
  auth: RequestAuth,
  query: ShipmentListQuery,
): Promise<Page<Shipment>> {
  const { rows, total } = await listShipmentRows(db, await auth.scope(), query);
  return toPage(
    rows.map((row) => toShipmentView(row, auth)),
    total,
    query,
  );
}

export async function shipmentStatistics(
  db: Executor,
  auth: RequestAuth,
  query: ShipmentStatisticsQuery,
): Promise<ShipmentStatistics> {
  return countShipmentsByStatus(db, await auth.scope(), query);
}

async function viewOf(db: Executor, auth: RequestAuth, id: number): Promise<Shipment> {
  const row = await findShipmentRow(db, id);
  if (!row) throw notFound(SHIPMENT_MESSAGES.notFound);
  return toShipmentView(row, auth);
}

export async function getShipment(
  db: Executor,
  auth: RequestAuth,
  id: number,
): Promise<{ shipment: Shipment; timeline: ShipmentTimelineItem[] }> {
  const scope = await auth.scope();
  await requireAccess(db, scope, SHIPMENT_RESOURCE, id);
  const [shipment, events] = await Promise.all([
    viewOf(db, auth, id),
    listActivity(db, scope, { subject: { type: 'shipment', id }, limit: TIMELINE_LIMIT }),
  ]);
  const timeline = events.reverse().map(({ id: eventId, kind, title, description, icon, color, time, actor }) => ({
    id: eventId,
    kind,
    title,
    description,
    icon,
    color,
    time,
    actor,
  }));
  return { shipment, timeline };
}

/**
 * The product, account and warehouse of a new shipment must fit together and be the caller's: an account they
 * reach (a client's own, a manager's through their warehouses), active; a warehouse they see, active and linked to
 * the account; a product of that account. Ids outside the scope read as invalid, like missing ones.
 */
async function checkCreateReferences(db: Executor, auth: RequestAuth, input: ShipmentCreateInput) {
  const scope = await auth.scope();
  const errors: Record<string, string[]> = {};
  const account = await findAccountInScope(db, scope, input.account_id);
  const accountUsable = account?.status === 'active';
  if (!accountUsable) errors.account_id = [SHIPMENT_MESSAGES.accountInvalid];

  const warehouse = canSeeWarehouse(scope, input.warehouse_id)
    ? await findWarehouseRow(db, input.warehouse_id)
    : undefined;
  if (!warehouse?.isActive) errors.warehouse_id = [SHIPMENT_MESSAGES.warehouseInvalid];
  else if (accountUsable && !(await isAccountInWarehouse(db, input.account_id, input.warehouse_id))) {
    errors.warehouse_id = [SHIPMENT_MESSAGES.accountNotInWarehouse];
  }

  const product = await findProductInScope(db, scope, input.product_id);
  if (!product) errors.product_id = [SHIPMENT_MESSAGES.productInvalid];
  else if (accountUsable && product.accountId !== input.account_id)
    errors.product_id = [SHIPMENT_MESSAGES.productNotInAccount];

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { sku: product!.sku };
}

export async function createShipment(db: Executor, auth: RequestAuth, input: ShipmentCreateInput): Promise<Shipment> {
  const { sku } = await checkCreateReferences(db, auth, input);
  const id = await inTransaction(db, async (tx) => {
    const newId = await insertShipment(tx, {
      accountId: input.account_id,
      warehouseId: input.warehouse_id,
      productId: input.product_id,
      quantity: input.quantity,
      trackingNumber: input.tracking_number,
      carrier: input.carrier,
      deliveryDate: input.delivery_date,
      notes: input.notes,
      userId: auth.user.id,
    });
    await recordEvent(tx, {
      kind: 'shipment.created',
      payload: { shipment_id: newId, quantity: input.quantity, sku },
      actorId: auth.user.id,
      subject: { type: 'shipment', id: newId },
      warehouseIds: [input.warehouse_id],
      accountIds: [input.account_id],
    });
    return newId;
  });
  return viewOf(db, auth, id);
}

/**
 * Loads and locks a shipment in scope for a change (404 when out of scope), so state checks and the change see
 * the same row even when two requests race. The scope is resolved before the transaction opens: resolving it reads
 * through the request's own handle, which on a single-connection database would wait for this transaction.
 */
async function lockInScope(tx: Transaction, scope: Scope, id: number) {
  await requireAccess(tx, scope, SHIPMENT_RESOURCE, id);
  // The lock carries the scope too, so a change that skipped the gate above still finds nothing (404).
  const row = await lockShipment(tx, scope, id);
  if (!row) throw notFound(SHIPMENT_MESSAGES.notFound);
  return { row, sku: await productSku(tx, row.productId) };
}

const eventScope = (row: { warehouseId: number; accountId: number }) => ({
  warehouseIds: [row.warehouseId],
  accountIds: [row.accountId],
});

export async function updateShipment(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: ShipmentUpdateInput,
): Promise<Shipment> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const { row, sku } = await lockInScope(tx, scope, id);
    const refusal = editRefusal(auth, row);
    if (refusal) throw refusalError(refusal);
    requireShipmentChanged(
      await updateShipmentRow(tx, scope, id, {
        quantity: input.quantity,
        trackingNumber: input.tracking_number,
        carrier: input.carrier,
        deliveryDate: input.delivery_date,
        notes: input.notes,
      }),
    );
    await recordEvent(tx, {
      kind: 'shipment.updated',
      payload: { shipment_id: id, quantity: input.quantity, sku },
      actorId: auth.user.id,
      subject: { type: 'shipment', id },
      ...eventScope(row),
    });
  });
  return viewOf(db, auth, id);
}

/**
 * Receives the shipment into stock exactly once: the row lock makes a concurrent verify wait and then find it no
 * longer pending (409); the ledger's unique receipt per shipment is the second guard, even across processes.
 */
export async function verifyShipment(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: ShipmentVerifyInput,
): Promise<Shipment> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const { row, sku } = await lockInScope(tx, scope, id);
    const refusal = reviewRefusal(auth, row, 'verify');
    if (refusal) throw refusalError(refusal);
    let inventoryId: number;
    try {
      inventoryId = await receiveStock(
        tx,
        { productId: row.productId, warehouseId: row.warehouseId, accountId: row.accountId, quantity: row.quantity },
        { referenceType: 'shipment', referenceId: id, userId: auth.user.id, reason: `Shipment #${id} received` },
      );
    } catch (error) {
      if (error instanceof StockError && error.code === 'already_applied') {
        throw conflict(SHIPMENT_MESSAGES.alreadyReceived);
      }
      throw error;
    }
    requireShipmentChanged(
      await updateShipmentRow(tx, scope, id, {
        status: 'verified',
        inventoryId,
        verifiedBy: auth.user.id,
        verifiedAt: new Date(),
        verificationNotes: input.notes,
      }),
    );
    await recordEvent(tx, {
      kind: 'shipment.verified',
      payload: { shipment_id: id, quantity: row.quantity, sku },
      actorId: auth.user.id,
      subject: { type: 'shipment', id },
      ...eventScope(row),
    });
    // The received units go first to the open orders waiting for this product (issue 25 §5).
    await fillBackorders(tx, [inventoryId], auth.user.id);
  });
  return viewOf(db, auth, id);
}

export async function rejectShipment(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: ShipmentRejectInput,
): Promise<Shipment> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const { row, sku } = await lockInScope(tx, scope, id);
    const refusal = reviewRefusal(auth, row, 'reject');
    if (refusal) throw refusalError(refusal);
    requireShipmentChanged(
      await updateShipmentRow(tx, scope, id, {
        status: 'rejected',
        rejectionReason: input.rejection_reason,
        verifiedBy: auth.user.id,
        verifiedAt: new Date(),
      }),
    );
    await recordEvent(tx, {
      kind: 'shipment.rejected',
      payload: { shipment_id: id, quantity: row.quantity, sku, reason: input.rejection_reason },
      actorId: auth.user.id,
      subject: { type: 'shipment', id },
      ...eventScope(row),
    });
  });
  return viewOf(db, auth, id);
}

/** Deleting removes the announcement only: stock already received and its ledger movement stay as they are. */
export async function deleteShipment(db: Executor, auth: RequestAuth, id: number): Promise<void> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const { row, sku } = await lockInScope(tx, scope, id);
    const refusal = deleteRefusal(auth, row);
    if (refusal) throw refusalError(refusal);
    requireShipmentChanged(await deleteShipmentRow(tx, scope, id));
    await recordEvent(tx, {
      kind: 'shipment.deleted',
      payload: { shipment_id: id, sku },
      actorId: auth.user.id,
      subject: { type: 'shipment', id },
      ...eventScope(row),
    });
  });
}
