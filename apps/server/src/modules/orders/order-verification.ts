import { type ItemVerifyInput, ORDER_MESSAGES } from '@wms/contract/orders';
import { requireAccess } from '../../auth/access-gate';
import type { RequestAuth } from '../../auth/request-auth';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordEvent } from '../activity/record-event';
import { ORDER_RESOURCE, requireChanged } from './order-scope';
import {
  lockOrder,
  lockOrderLines,
  type OrderLine,
  type OrderRow,
  orderEventScope,
  setLineVerified,
} from './orders-repository';

/**
 * Staff verify what they picked before an order may ship (issue 7): per item (all units or none, or an exact
 * count) or by scanning SKUs, one unit per scan. Only open orders; clients never (the route refuses them).
 */
export async function verifyOrderItem(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  itemId: number,
  input: ItemVerifyInput,
): Promise<void> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, orderId);
  await inTransaction(db, async (tx) => {
    const { order } = await lockOrder(tx, scope, orderId);
    assertOpen(order);
    const line = (await lockOrderLines(tx, orderId)).find((l) => l.id === itemId);
    if (!line) throw notFound(ORDER_MESSAGES.itemNotInOrder);
    const wanted =
      input.verified_quantity !== undefined ? input.verified_quantity : input.verified === false ? 0 : line.quantity;
    if (wanted > line.quantity) throw fieldError('verified_quantity', ORDER_MESSAGES.skuAllVerified(line.sku));
    if (wanted === line.verifiedQuantity) return;
    await setVerified(tx, scope, auth, line, wanted);
    await recordVerification(tx, auth, order, line, wanted >= line.quantity);
  });
}

export interface ScanResult {
  itemId: number;
  message: string;
  allVerified: boolean;
}

/**
 * One scan: verifies the next unverified unit of the SKU (case-insensitive). A SKU not in the order and a scan
 * beyond the ordered quantity are 422 on `sku`, so the scanner screen can say exactly what went wrong.
 */
export async function scanOrderSku(db: Executor, auth: RequestAuth, orderId: number, sku: string): Promise<ScanResult> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, orderId);
  return inTransaction(db, async (tx) => {
    const { order } = await lockOrder(tx, scope, orderId);
    assertOpen(order);
    const lines = await lockOrderLines(tx, orderId);
    const matching = lines.filter((l) => l.sku.toLowerCase() === sku.trim().toLowerCase());
    if (matching.length === 0) throw fieldError('sku', ORDER_MESSAGES.skuNotInOrder(sku.trim()));
    const line = matching.find((l) => l.verifiedQuantity < l.quantity);
    if (!line) throw fieldError('sku', ORDER_MESSAGES.skuAllVerified(matching[0]!.sku));
    const verified = line.verifiedQuantity + 1;
    await setVerified(tx, scope, auth, line, verified);
    if (verified === line.quantity) await recordVerification(tx, auth, order, line, true);
    const allVerified = lines.every((l) => (l.id === line.id ? verified : l.verifiedQuantity) >= l.quantity);
    return { itemId: line.id, message: ORDER_MESSAGES.scanned(line.sku, verified, line.quantity), allVerified };
  });
}

function assertOpen(order: OrderRow) {
  if (order.lifecycle !== 'open') throw conflict(ORDER_MESSAGES.verifyNotOpen);
}

async function setVerified(tx: Executor, scope: Scope, auth: RequestAuth, line: OrderLine, quantity: number) {
  requireChanged(await setLineVerified(tx, scope, line.id, quantity, auth.user.id));
}

const recordVerification = (tx: Executor, auth: RequestAuth, order: OrderRow, line: OrderLine, verified: boolean) =>
  recordEvent(tx, {
    kind: 'order.item_verified',
    payload: { order_number: order.orderNumber, sku: line.sku, verified },
    actorId: auth.user.id,
    ...orderEventScope(order),
  });
