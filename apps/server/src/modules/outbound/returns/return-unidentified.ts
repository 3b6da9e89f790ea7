import { RETURN_MESSAGES, type Return, type ReturnUnidentifiedInput, rmaNumberFor } from '@wms/contract/returns';
import type { RequestAuth } from '../../../auth/request-auth';
import { canSeeWarehouse } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, type FieldErrors, notFound, validationError } from '../../../http/errors';
import { isAccountInWarehouse } from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { receiveReturn } from './return-receipt';
import {
  insertReturn,
  insertReturnLines,
  linesOfReturn,
  lockOrderForReturn,
  nextReturnId,
  orderLinesForReturn,
  productsOfAccount,
  setLineOrderItem,
  setReturnOrder,
} from './returns-repository';
import { getReturn, lockReturnInScope, returnEvent } from './returns-service';

/**
 * POST /api/returns/unidentified: a parcel with no RMA and no order found. The return is created and received in
 * one transaction, every unit into quarantine (processing_required), so nothing of it is available until staff
 * know whose order it was and inspect it.
 */
export async function createUnidentifiedReturn(
  db: Executor,
  auth: RequestAuth,
  input: ReturnUnidentifiedInput,
): Promise<Return> {
  const scope = await auth.scope();
  if (!canSeeWarehouse(scope, input.warehouse_id)) throw notFound(RETURN_MESSAGES.notFound);
  const id = await inTransaction(db, async (tx) => {
    if (!(await isAccountInWarehouse(tx, input.account_id, input.warehouse_id))) {
      throw validationError({ account_id: [RETURN_MESSAGES.accountNotInWarehouse] });
    }
    const own = new Set(
      (
        await productsOfAccount(
          tx,
          input.account_id,
          input.lines.map((l) => l.product_id),
        )
      ).map((p) => p.id),
    );
    const errors: FieldErrors = {};
    input.lines.forEach((line, i) => {
      if (!own.has(line.product_id)) errors[`lines.${i}.product_id`] = [RETURN_MESSAGES.productNotOfAccount];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const returnId = await nextReturnId(tx);
    const rmaNumber = rmaNumberFor(returnId);
    await insertReturn(tx, {
      id: returnId,
      rmaNumber,
      orderId: null,
      accountId: input.account_id,
      warehouseId: input.warehouse_id,
      createdBy: auth.user.id,
    });
    await insertReturnLines(
      tx,
      input.lines.map((line) => ({
        returnId,
        productId: line.product_id,
        quantity: line.quantity,
        reason: 'other' as const,
        reasonText: 'Unidentified return',
      })),
    );
    await recordEvent(tx, {
      kind: 'return.created',
      payload: {
        rma_number: rmaNumber,
        order_id: null,
        order_number: null,
        units: input.lines.reduce((sum, line) => sum + line.quantity, 0),
      },
      ...returnEvent(auth, { id: returnId, warehouseId: input.warehouse_id, accountId: input.account_id }),
    });
    const lines = await linesOfReturn(tx, returnId);
    await receiveReturn(tx, auth, returnId, {
      lines: input.lines.map((line, i) => ({
        line_id: lines[i]!.id,
        quantity: line.quantity,
        disposition: 'processing_required' as const,
        location_id: line.location_id,
        lot: line.lot,
        expiry: line.expiry,
        note: null,
      })),
    });
    return returnId;
  });
  return getReturn(db, auth, id);
}

/**
 * POST /api/returns/{id}/attach: the order an unidentified return came from. Same account and warehouse, and each
 * line's product shipped by the order in at least its quantity beyond what earlier returns took.
 */
export async function attachReturn(db: Executor, auth: RequestAuth, id: number, orderId: number): Promise<Return> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const ret = await lockReturnInScope(tx, scope, id);
    if (ret.orderId !== null) throw conflict(RETURN_MESSAGES.alreadyAttached);
    const order = await lockOrderForReturn(tx, scope, orderId);
    if (!order) throw notFound(RETURN_MESSAGES.orderNotFound);
    if (order.accountId !== ret.accountId || order.warehouseId !== ret.warehouseId) {
      throw validationError({ order_id: [RETURN_MESSAGES.orderOtherAccount] });
    }
    const orderLines = (await orderLinesForReturn(tx, order.id)).map((l) => ({
      ...l,
      left: Math.max(0, l.shipped - l.returned),
    }));
    const matches: { lineId: number; itemId: number }[] = [];
    for (const line of await linesOfReturn(tx, id)) {
      const item = orderLines.find((l) => l.productId === line.productId && l.left >= line.quantity);
      if (!item) throw validationError({ order_id: [RETURN_MESSAGES.productsNotShipped] });
      item.left -= line.quantity;
      matches.push({ lineId: line.id, itemId: item.id });
    }
    if (!(await setReturnOrder(tx, id, order.id))) throw conflict(RETURN_MESSAGES.alreadyAttached);
    for (const match of matches) await setLineOrderItem(tx, match.lineId, match.itemId);
    await recordEvent(tx, {
      kind: 'return.attached',
      payload: { rma_number: ret.rmaNumber, order_number: order.orderNumber },
      ...returnEvent(auth, ret),
    });
  });
  return getReturn(db, auth, id);
}
