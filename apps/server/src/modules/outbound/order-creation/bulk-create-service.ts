import {
  type BulkCreateOrdersInput,
  type BulkCreateResult,
  ORDER_CREATION_MESSAGES as M,
} from '@wms/contract/order-creation';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { type FieldErrors, validationError } from '../../../http/errors';
import { createOrders, type NewOrder } from './create-orders';
import { orderFromInput } from './order-from-input';

/** The body's orders as `NewOrder`s: each order's warehouse is its own or the request's (the navbar selection). */
export function ordersFromBody(body: BulkCreateOrdersInput): NewOrder[] {
  const errors: FieldErrors = {};
  const list = body.orders.map((order, index) => {
    const warehouseId = order.warehouse_id ?? body.warehouse_id;
    if (warehouseId === null) errors[`orders.${index}.warehouse_id`] = [M.warehouseRequired];
    return orderFromInput(order, warehouseId ?? 0);
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
