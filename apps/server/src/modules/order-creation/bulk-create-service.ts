import {
  type BulkCreateOrdersInput,
  type BulkCreateResult,
  ORDER_CREATION_MESSAGES as M,
} from '@wms/contract/order-creation';
import type { RequestAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { type FieldErrors, validationError } from '../../http/errors';
import { createOrders, mergeLines, type NewOrder } from './create-orders';

/** The body's orders as `NewOrder`s: each order's warehouse is its own or the request's (the navbar selection). */
export function ordersFromBody(body: BulkCreateOrdersInput): NewOrder[] {
  const errors: FieldErrors = {};
  const list = body.orders.map((order, index) => {
    const warehouseId = order.warehouse_id ?? body.warehouse_id;
    if (warehouseId === null) errors[`orders.${index}.warehouse_id`] = [M.warehouseRequired];
    return {
      accountId: order.account_id,
      warehouseId: warehouseId ?? 0,
      shipperId: order.shipper_id,
      customerName: order.customer_name,
      shipDate: order.ship_date,
      externalOrderId: order.order_id,
      notes: order.notes,
      lines: mergeLines(order.products.map((p) => ({ productId: p.product_id, quantity: p.quantity }))),
    };
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return list;
}

/** POST /orders/bulk: every order or none, in one transaction. */
export async function bulkCreateOrders(
  db: Database,
  auth: RequestAuth,
  body: BulkCreateOrdersInput,
): Promise<BulkCreateResult> {
  const list = ordersFromBody(body);
  const scope = await auth.scope();
  return inTransaction(db, (tx) => createOrders(tx, { userId: auth.user.id }, scope, list));
}
