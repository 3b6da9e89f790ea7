import { type ItemVerifyInput, ORDER_MESSAGES } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
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
 * Staff verify what they picked before an order may ship: per item (all units or none, or an exact
 * count) or by scanning SKUs or barcodes, one unit per scan. Only open orders; clients never (the route refuses them).
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
 * The order's lines of the product a scanned code names: by SKU first, else by the product's barcode (both
 * case-insensitive). The lines' products are the order's account's, so a code never reaches another account's
 * product; a SKU of one product that is another's barcode names the SKU's product.
 */
function linesOfCode(lines: OrderLine[], code: string): OrderLine[] {
  const wanted = code.toLowerCase();
  const bySku = lines.filter((l) => l.sku.toLowerCase() === wanted);
  return bySku.length > 0 ? bySku : lines.filter((l) => l.barcode?.toLowerCase() === wanted);
}

/**
 * One scan: verifies the next unverified unit of the product whose SKU or barcode was scanned. A code not in the
 * order and a scan beyond the ordered quantity are 422 on `sku`, so the scanner screen can say exactly what went
 * wrong.
 */
export async function scanOrderSku(db: Executor, auth: RequestAuth, orderId: number, sku: string): Promise<ScanResult> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, orderId);
  return inTransaction(db, async (tx) => {
    const { order } = await lockOrder(tx, scope, orderId);
    assertOpen(order);
    const lines = await lockOrderLines(tx, orderId);
    const matching = linesOfCode(lines, sku.trim());
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

/** What verifying a line needs of it: the packing station passes the line as it read it under the order's lock. */
export type VerifiableLine = Pick<OrderLine, 'id' | 'sku' | 'quantity' | 'verifiedQuantity'>;

/**
 * Verifies one more unit of a line of an order already locked (the packing station's scan): the same bookkeeping and event as a
 * scan here. The caller checked the line has a unit left to verify.
 */
export async function verifyOneUnit(
  tx: Executor,
  scope: Scope,
  auth: RequestAuth,
  order: OrderRow,
  line: VerifiableLine,
): Promise<number> {
  const verified = line.verifiedQuantity + 1;
  await setVerified(tx, scope, auth, line, verified);
  if (verified === line.quantity) await recordVerification(tx, auth, order, line, true);
  return verified;
}

function assertOpen(order: OrderRow) {
  if (order.lifecycle !== 'open') throw conflict(ORDER_MESSAGES.verifyNotOpen);
}

async function setVerified(tx: Executor, scope: Scope, auth: RequestAuth, line: VerifiableLine, quantity: number) {
  requireChanged(await setLineVerified(tx, scope, line.id, quantity, auth.user.id));
}

const recordVerification = (
  tx: Executor,
  auth: RequestAuth,
  order: OrderRow,
  line: VerifiableLine,
  verified: boolean,
) =>
  recordEvent(tx, {
    kind: 'order.item_verified',
    payload: { order_number: order.orderNumber, sku: line.sku, verified },
    actorId: auth.user.id,
    ...orderEventScope(order),
  });
