import type { MergeItemRow, ShipmentLabel } from '@wms/contract/orders';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { loadLabelView, loadLabelViews } from './order-labels-repository';
import { orderScope } from './order-scope';
import { loadMergeItemRows } from './orders-list-repository';
import {
  findDefaultShippedStatus,
  lockOrder,
  lockOrderLines,
  type OrderLine,
  type OrderLineValues,
  type OrderRow,
  orderEventScope,
  type StatusRow,
  updateOrderLine,
  updateShippedLines,
} from './orders-repository';

/*
 * What other modules use of orders: the access gate's view of an order, the rows the orders list shows, the
 * labels an order's detail shows. They never import the orders repositories themselves.
 */

/** A merge item as the orders list shows it, with only the children the caller may see. */
export async function loadListedMergeItem(db: Executor, scope: Scope, id: number): Promise<MergeItemRow | undefined> {
  return (await loadMergeItemRows(db, [id], orderScope(scope))).get(id);
}

/** An order's labels as the API shows them, oldest first (the caller checked the order's scope). */
export const labelsOfOrder = (db: Executor, orderId: number): Promise<ShipmentLabel[]> => loadLabelViews(db, [orderId]);

/** One label of an order as the API shows it (after an upload). */
export const labelOfOrder = (db: Executor, orderId: number, labelId: number): Promise<ShipmentLabel | undefined> =>
  loadLabelView(db, orderId, labelId);

export { ORDER_RESOURCE, orderScope, requireChanged } from './order-scope';
export { applyStatusChange, backorderShipmentReason, recordShippedStatus, stagedPlacesOf } from './order-status-change';
export { verifyOneUnit } from './order-verification';
export type { OrderLine, OrderRow, StatusRow };

/** The order row locked (the lock every change of an order takes first), within the scope; 404 outside it. */
export const lockOrderRow = (tx: Executor, scope: Scope, id: number) => lockOrder(tx, scope, id);
/** The lines of an order already locked, with SKU and barcode, locked too, in id order. */
export const lockLinesOfOrder = (tx: Executor, orderId: number): Promise<OrderLine[]> => lockOrderLines(tx, orderId);
/** One line's quantities (the ledger already moved the stock); answers the rows changed. */
/** Ship's bookkeeping of several lines in one statement; answers the lines changed. */
export const setShippedLines = (tx: Executor, scope: Scope, lines: Parameters<typeof updateShippedLines>[2]) =>
  updateShippedLines(tx, scope, lines);
export const setOrderLineQuantities = (tx: Executor, scope: Scope, lineId: number, values: OrderLineValues) =>
  updateOrderLine(tx, scope, lineId, values);
/** The status packing ships an order into. */
export const defaultShippedStatus = (db: Executor): Promise<StatusRow | undefined> => findDefaultShippedStatus(db);
/** The subject and scope arrays of an order's activity events. */
export const eventScopeOfOrder = (order: OrderRow) => orderEventScope(order);
