import { PACKING_MESSAGES, type PackLookupResult, type PackSortResult } from '@wms/contract/packing';
import { isWarehouseInScope } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { fieldError, HttpError, notFound } from '../../../http/errors';
import { staffScope } from './pack-access';
import { scanIntoCarton } from './pack-session';
import { openOrderByCode, orderByTote, waveSlots } from './packing-repository';

/**
 * POST /packing/lookup: what a scan at the station names, in the warehouse (in the caller's scope): an open order by
 * number or external id, the order in a tote of a live wave, or a batch wave by number with its orders and slots.
 */
export async function lookupPackCode(
  db: Executor,
  auth: RequestAuth,
  input: { warehouse_id: number; code: string },
): Promise<PackLookupResult> {
  const scope = await staffScope(auth);
  if (!(await isWarehouseInScope(db, scope, input.warehouse_id))) throw notFound();
  const code = input.code.trim();
  const order =
    (await openOrderByCode(db, input.warehouse_id, code)) ?? (await orderByTote(db, input.warehouse_id, code));
  if (order) return { kind: 'order', order_id: order.id, order_number: order.orderNumber };
  const wave = await waveSlots(db, { warehouseId: input.warehouse_id, number: code });
  if (wave) {
    return {
      kind: 'wave',
      wave_id: wave.id,
      wave_number: wave.number,
      orders: wave.orders.map((o) => ({
        order_id: o.orderId,
        order_number: o.orderNumber,
        slot: o.slot,
        tote: o.tote,
      })),
    };
  }
  throw notFound(PACKING_MESSAGES.nothingToPack);
}

/**
 * POST /waves/{id}/pack-sort (batch picking): the scanned unit is verified for the first order of the wave, by slot,
 * that still needs it — each order tried under its own lock, so two sorters never give one order too many — and the
 * station says which slot it goes in.
 */
export async function packSort(db: Database, auth: RequestAuth, waveId: number, code: string): Promise<PackSortResult> {
  const scope = await staffScope(auth);
  const wave = await waveSlots(db, { id: waveId });
  if (!wave || !(await isWarehouseInScope(db, scope, wave.warehouseId))) throw notFound();
  for (const order of wave.orders) {
    try {
      await scanIntoCarton(db, auth, order.orderId, { code });
    } catch (error) {
      // This order does not need the unit (not in it, all verified, not picked): try the next slot.
      if (error instanceof HttpError && error.statusCode === 422) continue;
      throw error;
    }
    return {
      order_id: order.orderId,
      order_number: order.orderNumber,
      slot: order.slot,
      tote: order.tote,
      message: order.tote
        ? PACKING_MESSAGES.putInTote(order.tote, order.orderNumber)
        : PACKING_MESSAGES.putInSlot(order.slot, order.orderNumber),
    };
  }
  throw fieldError('code', PACKING_MESSAGES.nothingForWave(code.trim()));
}
