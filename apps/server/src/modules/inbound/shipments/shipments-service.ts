import {
  announcedLines,
  type PutawaySuggestion,
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
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import { conflict, forbidden, type HttpError, notFound, validationError } from '../../../http/errors';
import { type Page, toPage } from '../../../http/pagination';
import {
  type LinePlan,
  type PlannedPart,
  type PutawayLocationFacts,
  planPutaway,
  putawayLocations,
  receiptPlaces,
  suggestPutawayLocations,
} from '../../floor/putaway/putaway-api';
import {
  fillBackorders,
  isAccountInWarehouse,
  lotsForReceipt,
  receiveStockIntoLocations,
  StockError,
} from '../../floor/stock/stock-api';
import { listActivity, recordEvent } from '../../platform/activity/activity-api';
import { deleteRefusal, editRefusal, reviewRefusal, type ShipmentRefusal } from './shipment-policy';
import { requireShipmentChanged, SHIPMENT_RESOURCE } from './shipment-scope';
import { toShipmentView } from './shipment-view';
import {
  countShipmentsByStatus,
  deleteShipmentRow,
  findAccountInScope,
  findProductsInScope,
  findShipmentRow,
  findWarehouseRow,
  insertShipment,
  insertShipmentLines,
  linesOfShipments,
  listShipmentRows,
  lockShipment,
  productSku,
  recordLineReceipts,
  type ShipmentRow,
  setOnlyLineQuantity,
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
  return toPage(await viewsOf(db, auth, rows), total, query);
}

/** Views of shipment rows with their lines and putaway (two queries for a whole page). */
async function viewsOf(db: Executor, auth: RequestAuth, rows: readonly ShipmentRow[]): Promise<Shipment[]> {
  const ids = rows.map((row) => row.shipment.id);
  const lines = await linesOfShipments(db, ids);
  const verifiedIds = rows.filter((row) => row.shipment.status === 'verified').map((row) => row.shipment.id);
  const places = await receiptPlaces(db, verifiedIds);
  return rows.map((row) =>
    toShipmentView(
      row,
      auth,
      lines.filter((line) => line.line.shipmentId === row.shipment.id),
      places.filter((place) => place.shipmentId === row.shipment.id),
    ),
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
  return (await viewsOf(db, auth, [row]))[0]!;
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
 * The products, account and warehouse of a new shipment must fit together and be the caller's: an account they
 * reach (a client's own, a manager's through their warehouses), active; a warehouse they see, active and linked to
 * the account; products of that account. Ids outside the scope read as invalid, like missing ones. A product error is
 * reported on `product_id` for the spec's single-product body, on `lines.N.product_id` for a body with lines.
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

  const lines = announcedLines(input);
  const products = await findProductsInScope(
    db,
    scope,
    lines.map((line) => line.product_id),
  );
  lines.forEach((line, index) => {
    const field = input.lines ? `lines.${index}.product_id` : 'product_id';
    const product = products.get(line.product_id);
    if (!product) errors[field] = [SHIPMENT_MESSAGES.productInvalid];
    else if (accountUsable && product.accountId !== input.account_id) {
      errors[field] = [SHIPMENT_MESSAGES.productNotInAccount];
    }
  });

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { lines, sku: products.get(lines[0]!.product_id)!.sku };
}

export async function createShipment(db: Executor, auth: RequestAuth, input: ShipmentCreateInput): Promise<Shipment> {
  const { lines, sku } = await checkCreateReferences(db, auth, input);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const id = await inTransaction(db, async (tx) => {
    const newId = await insertShipment(tx, {
      accountId: input.account_id,
      warehouseId: input.warehouse_id,
      // The first line's product and the total keep the spec's single-product fields meaningful.
      productId: lines[0]!.product_id,
      quantity,
      trackingNumber: input.tracking_number,
      carrier: input.carrier,
      deliveryDate: input.delivery_date,
      notes: input.notes,
      userId: auth.user.id,
    });
    await insertShipmentLines(
      tx,
      newId,
      lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    );
    await recordEvent(tx, {
      kind: 'shipment.created',
      payload: { shipment_id: newId, quantity, sku, ...(lines.length > 1 ? { lines: lines.length } : {}) },
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
    const lines = await linesOfShipments(tx, [id]);
    if (lines.length > 1 && input.quantity !== row.quantity) {
      throw validationError({ quantity: [SHIPMENT_MESSAGES.quantityIsSumOfLines] });
    }
    if (lines.length === 1) await setOnlyLineQuantity(tx, id, input.quantity);
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
 * Receives the shipment into stock exactly once, line by line into the locations (and lots) given, or without
 * `lines` everything announced into each line's suggested location. The row lock makes a concurrent verify wait and
 * then find it no longer pending (409); the ledger's unique receipt per shipment and row is the second guard, even
 * across processes. All lines, lots, ledger rows and the event are one transaction.
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
    const lineRows = await linesOfShipments(tx, [id]);
    const lines = lineRows.map(({ line, trackLots, trackExpiry }) => ({
      id: line.id,
      productId: line.productId,
      quantity: line.quantity,
      trackLots,
      trackExpiry,
    }));
    const suggestions = input.lines
      ? []
      : await suggestPutawayLocations(tx, {
          warehouseId: row.warehouseId,
          accountId: row.accountId,
          lines: lines.map((line) => ({ lineId: line.id, productId: line.productId })),
        });
    const locations = await putawayLocations(
      tx,
      (input.lines ?? []).flatMap((line) => line.putaway.map((p) => p.location_id)),
    );
    const plan = planPutaway({
      warehouseId: row.warehouseId,
      lines,
      input,
      suggested: new Map(suggestions.map((s) => [s.line_id, s.location?.id ?? null])),
      locations,
    });
    if ('errors' in plan) throw validationError(plan.errors);

    const rowOf = await receiveLines(tx, row, plan.lines, auth.user.id, locations);
    const inventoryIds = plan.lines.flatMap((line) => (line.received > 0 ? [rowOf.get(line.productId)!] : []));
    await recordLineReceipts(
      tx,
      id,
      plan.lines.map((line) => ({
        lineId: line.lineId,
        quantityReceived: line.received,
        discrepancyReason: line.discrepancyReason,
        inventoryId: line.received > 0 ? rowOf.get(line.productId)! : null,
      })),
    );
    requireShipmentChanged(
      await updateShipmentRow(tx, scope, id, {
        status: 'verified',
        inventoryId: inventoryIds[0] ?? null,
        verifiedBy: auth.user.id,
        verifiedAt: new Date(),
        verificationNotes: input.notes,
      }),
    );
    const skuOf = new Map(lineRows.map((r) => [r.line.id, r.productSku]));
    const announcedOf = new Map(lines.map((l) => [l.id, l.quantity]));
    await recordEvent(tx, {
      kind: 'shipment.verified',
      payload: {
        shipment_id: id,
        quantity: row.quantity,
        sku,
        quantity_received: plan.lines.reduce((sum, l) => sum + l.received, 0),
        lines: plan.lines.map((l) => ({
          line_id: l.lineId,
          product_id: l.productId,
          sku: skuOf.get(l.lineId) ?? '',
          quantity: announcedOf.get(l.lineId) ?? 0,
          quantity_received: l.received,
          discrepancy_reason: l.discrepancyReason,
        })),
      },
      actorId: auth.user.id,
      subject: { type: 'shipment', id },
      ...eventScope(row),
    });
    // The received units go first to the open orders waiting for these products.
    await fillBackorders(tx, inventoryIds, auth.user.id);
  });
  return viewOf(db, auth, id);
}

/**
 * The `receipt` of every line received (units > 0) into its put-away places, set-based for the whole shipment: the
 * lots named found or created first (three queries for all lines), then one receipt of all rows (ledger.ts). A lot
 * already recorded with another expiry date refuses the whole verification (422; the transaction rolls back).
 * Answers the inventory row per product received.
 */
async function receiveLines(
  tx: Transaction,
  shipment: { id: number; warehouseId: number; accountId: number },
  plan: readonly LinePlan[],
  userId: number,
  locations: ReadonlyMap<number, PutawayLocationFacts>,
): Promise<Map<number, number>> {
  const lines = plan.filter((line) => line.received > 0);
  const named = lines.flatMap((line) =>
    line.parts.flatMap((part) =>
      part.lotCode ? [{ productId: line.productId, lotCode: part.lotCode, expiryDate: part.expiryDate, part }] : [],
    ),
  );
  const lots = await lotsForReceipt(tx, named);
  const lotOf = new Map<PlannedPart, number>();
  named.forEach(({ part }, i) => {
    const lot = lots[i]!;
    if (lot === 'expiry_differs') throw validationError({ [part.field]: [SHIPMENT_MESSAGES.lotExpiryDiffers] });
    lotOf.set(part, lot);
  });
  if (lines.length === 0) return new Map();
  try {
    return await receiveStockIntoLocations(
      tx,
      { warehouseId: shipment.warehouseId, accountId: shipment.accountId },
      lines.map((line) => ({
        productId: line.productId,
        parts: line.parts.map((part) => ({
          locationId: part.locationId,
          lotId: lotOf.get(part) ?? null,
          quantity: part.quantity,
        })),
      })),
      { referenceType: 'shipment', referenceId: shipment.id, userId, reason: `Shipment #${shipment.id} received` },
      locations,
    );
  } catch (error) {
    if (error instanceof StockError && error.code === 'already_applied') {
      throw conflict(SHIPMENT_MESSAGES.alreadyReceived);
    }
    throw error;
  }
}

/** Where each line of a shipment should be put away (prefills the verify dialog). */
export async function putawaySuggestions(db: Executor, auth: RequestAuth, id: number): Promise<PutawaySuggestion[]> {
  await requireAccess(db, await auth.scope(), SHIPMENT_RESOURCE, id);
  const row = await findShipmentRow(db, id);
  if (!row) throw notFound(SHIPMENT_MESSAGES.notFound);
  const lines = await linesOfShipments(db, [id]);
  return suggestPutawayLocations(db, {
    warehouseId: row.shipment.warehouseId,
    accountId: row.shipment.accountId,
    lines: lines.map(({ line }) => ({ lineId: line.id, productId: line.productId })),
  });
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
