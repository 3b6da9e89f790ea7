import {
  RETURN_MESSAGES,
  RETURN_STATUSES,
  type Return,
  type ReturnCreateInput,
  type ReturnDisposition,
  type ReturnListQuery,
  type ReturnReason,
  type ReturnStatus,
  type ReturnSummary,
  returnLabelUrl,
  rmaNumberFor,
} from '@wms/contract/returns';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, type FieldErrors, notFound, validationError } from '../../../http/errors';
import { listActivity, recordEvent } from '../../platform/activity/activity-api';
import {
  findReturn,
  insertReturn,
  insertReturnLines,
  type LockedReturn,
  linesOfReturn,
  listReturns as listReturnRows,
  lockOrderForReturn,
  lockReturn,
  nextReturnId,
  orderLinesForReturn,
  type ReturnSummaryRow,
  receiptsOfReturn,
  setReturnStatus,
} from './returns-repository';

const TIMELINE_LIMIT = 50;

/** A return's events concern its warehouse and account: its managers and the client owning the account see them. */
export const returnEvent = (auth: RequestAuth, ret: { id: number; warehouseId: number; accountId: number }) => ({
  actorId: auth.user.id,
  subject: { type: 'return', id: ret.id },
  warehouseIds: [ret.warehouseId],
  accountIds: [ret.accountId],
});

function toSummary(row: ReturnSummaryRow): ReturnSummary {
  return {
    id: row.id,
    rma_number: row.rmaNumber,
    status: row.status as ReturnStatus,
    order: row.orderId === null ? null : { id: row.orderId, order_number: row.orderNumber ?? '' },
    account: { id: row.accountId, name: row.accountName },
    warehouse: { id: row.warehouseId, name: row.warehouseName },
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    label_url: row.labelFileId === null ? null : returnLabelUrl(row.id),
    units_announced: row.unitsAnnounced,
    units_received: row.unitsReceived,
    created_at: row.createdAt.toISOString(),
    received_at: row.receivedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export async function listReturns(db: Executor, auth: RequestAuth, query: ReturnListQuery) {
  const { page, perStatus } = await listReturnRows(db, await auth.scope(), query);
  const stats = Object.fromEntries(RETURN_STATUSES.map((s) => [s, 0])) as Record<ReturnStatus, number>;
  for (const row of perStatus) stats[row.status] = row.returns;
  return { ...page, data: page.data.map(toSummary), stats };
}

/** One return with its lines (what came back of each, and the discrepancy) and its timeline. */
export async function getReturn(db: Executor, auth: RequestAuth, id: number): Promise<Return> {
  const scope = await auth.scope();
  const row = await findReturn(db, scope, id);
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  const [lines, receipts, timeline] = await Promise.all([
    linesOfReturn(db, id),
    receiptsOfReturn(db, id),
    listActivity(db, scope, { subject: { type: 'return', id }, limit: TIMELINE_LIMIT }),
  ]);
  return {
    ...toSummary(row),
    lines: lines.map((line) => {
      const own = receipts.filter((r) => r.lineId === line.id);
      const sum = (pick: (r: (typeof own)[number]) => boolean) =>
        own.filter(pick).reduce((total, r) => total + r.quantity, 0);
      const received = sum((r) => r.disposition !== 'missing');
      return {
        id: line.id,
        order_item_id: line.orderItemId,
        product: {
          id: line.productId,
          sku: line.sku,
          name: line.productName,
          track_lots: line.trackLots,
          track_expiry: line.trackExpiry,
        },
        quantity: line.quantity,
        reason: line.reason as ReturnReason,
        reason_text: line.reasonText,
        received: line.receivedAt !== null,
        quantity_received: received,
        quantity_missing: sum((r) => r.disposition === 'missing'),
        discrepancy: line.receivedAt === null ? 0 : received - line.quantity,
        quarantined: own.reduce((total, r) => total + r.quarantined, 0),
        receipts: own.map((r) => ({
          disposition: r.disposition as ReturnDisposition,
          quantity: r.quantity,
          location: r.locationId === null ? null : { id: r.locationId, code: r.locationCode ?? '' },
          lot: r.lotId === null ? null : { id: r.lotId, code: r.lotCode ?? '' },
          note: r.note,
          quarantined: r.quarantined,
        })),
      };
    }),
    timeline: timeline.map((item) => ({
      id: item.id,
      kind: item.kind,
      title: item.title,
      description: item.description,
      actor: item.actor,
      time: item.time,
    })),
  };
}

/**
 * POST /api/returns: a return of units of a shipped (or partly shipped) order. Per line at most what it shipped
 * minus what earlier non-cancelled returns of it took; the order row is locked, so two announcements at once cannot
 * both take the same units.
 */
export async function announceReturn(db: Executor, auth: RequestAuth, input: ReturnCreateInput): Promise<Return> {
  const scope = await auth.scope();
  const id = await inTransaction(db, async (tx) => {
    const order = await lockOrderForReturn(tx, scope, input.order_id);
    if (!order) throw notFound(RETURN_MESSAGES.orderNotFound);
    const lines = new Map((await orderLinesForReturn(tx, order.id)).map((line) => [line.id, line]));
    if (![...lines.values()].some((line) => line.shipped > 0)) {
      throw validationError({ order_id: [RETURN_MESSAGES.orderNotShipped] });
    }
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    input.lines.forEach((given, i) => {
      const at = `lines.${i}`;
      const line = lines.get(given.order_item_id);
      if (!line) {
        errors[`${at}.order_item_id`] = [RETURN_MESSAGES.lineNotInOrder];
        return;
      }
      if (seen.has(line.id)) {
        errors[`${at}.order_item_id`] = [RETURN_MESSAGES.lineListedTwice];
        return;
      }
      seen.add(line.id);
      const returnable = Math.max(0, line.shipped - line.returned);
      if (given.quantity > returnable) errors[`${at}.quantity`] = [RETURN_MESSAGES.quantityAboveReturnable(returnable)];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const returnId = await nextReturnId(tx);
    const rmaNumber = rmaNumberFor(returnId);
    await insertReturn(tx, {
      id: returnId,
      rmaNumber,
      orderId: order.id,
      accountId: order.accountId,
      warehouseId: order.warehouseId,
      carrier: input.carrier,
      trackingNumber: input.tracking_number,
      createdBy: auth.user.id,
    });
    await insertReturnLines(
      tx,
      input.lines.map((line) => ({
        returnId,
        orderItemId: line.order_item_id,
        productId: lines.get(line.order_item_id)!.productId,
        quantity: line.quantity,
        reason: line.reason,
        reasonText: line.reason_text,
      })),
    );
    await recordEvent(tx, {
      kind: 'return.created',
      payload: {
        rma_number: rmaNumber,
        order_id: order.id,
        order_number: order.orderNumber,
        units: input.lines.reduce((sum, line) => sum + line.quantity, 0),
      },
      ...returnEvent(auth, { id: returnId, warehouseId: order.warehouseId, accountId: order.accountId }),
    });
    return returnId;
  });
  return getReturn(db, auth, id);
}

/**
 * The return locked within the caller's scope, or 404. The scope is resolved before the transaction starts (it is
 * read through the app's handle, which an embedded database's one connection would make wait for this transaction).
 */
export async function lockReturnInScope(tx: Executor, scope: Scope, id: number): Promise<LockedReturn> {
  const ret = await lockReturn(tx, scope, id);
  if (!ret) throw notFound(RETURN_MESSAGES.notFound);
  return ret;
}

/** POST /api/returns/{id}/cancel: the client (or staff) calls an announced return off. */
export async function cancelReturn(db: Executor, auth: RequestAuth, id: number): Promise<Return> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const ret = await lockReturnInScope(tx, scope, id);
    if (!(await setReturnStatus(tx, id, ['announced'], 'cancelled'))) throw conflict(RETURN_MESSAGES.notCancellable);
    await recordEvent(tx, {
      kind: 'return.cancelled',
      payload: { rma_number: ret.rmaNumber },
      ...returnEvent(auth, ret),
    });
  });
  return getReturn(db, auth, id);
}

/** POST /api/returns/{id}/in-transit: staff (or the client's integration) report the parcel on its way. */
export async function markReturnInTransit(db: Executor, auth: RequestAuth, id: number): Promise<Return> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const ret = await lockReturnInScope(tx, scope, id);
    if (!(await setReturnStatus(tx, id, ['announced'], 'in_transit'))) throw conflict(RETURN_MESSAGES.notInTransitable);
    await recordEvent(tx, {
      kind: 'return.in_transit',
      payload: { rma_number: ret.rmaNumber, tracking_number: ret.trackingNumber },
      ...returnEvent(auth, ret),
    });
  });
  return getReturn(db, auth, id);
}
