import { PACKING_MESSAGES, type PackView } from '@wms/contract/packing';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { eventScopeOfOrder, ORDER_RESOURCE, verifyOneUnit } from '../orders/orders-api';
import { openCartonFor } from './cartons';
import { staffScope, withPackedOrder } from './pack-access';
import {
  inLiveWave,
  loadPackState,
  type PackState,
  packedOf,
  pickedOf,
  toPackView,
  verifiedOf,
  withScannedUnit,
} from './pack-state';
import {
  changeCartonItem,
  lotsByCode,
  type PackLine,
  startPackSession,
  stationOfWarehouse,
} from './packing-repository';

/** GET /orders/{id}/pack: the order as the bench shows it (staff in scope; shipped orders too, to see their cartons). */
export async function getPackView(db: Executor, auth: RequestAuth, orderId: number): Promise<PackView> {
  const scope = await staffScope(auth);
  await requireAccess(db, scope, ORDER_RESOURCE, orderId);
  return toPackView(await loadPackState(db, orderId));
}

/** POST /orders/{id}/pack: starts (or resumes) the packer's session, recorded once as a typed event. */
export async function startPacking(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  stationId: number | null,
): Promise<PackView> {
  return withPackedOrder(db, auth, orderId, async ({ tx, order, state }) => {
    const station = stationId === null ? undefined : await stationOfWarehouse(tx, stationId, order.warehouseId);
    if (stationId !== null && !station) throw fieldError('station_id', PACKING_MESSAGES.stationNotFound);
    if (await startPackSession(tx, order.id, auth.user.id, station?.id ?? null)) {
      await recordEvent(tx, {
        kind: 'order.pack_started',
        payload: { order_number: order.orderNumber, station_name: station?.name ?? null },
        actorId: auth.user.id,
        ...eventScopeOfOrder(order),
      });
    }
    return toPackView(state);
  });
}

export interface ScanAnswer {
  message: string;
  item_id: number;
  carton_id: number;
  pack: PackView;
}

/**
 * POST /orders/{id}/pack/scan: one unit, named by barcode, SKU or lot number, verified and put into a carton (the
 * one named, else the newest open one, else a new one). Refused loudly on `code`: not in the order, one more than
 * ordered or picked, a lot that was not picked for the order.
 */
export async function scanIntoCarton(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  input: { code: string; carton_id?: number | null },
): Promise<ScanAnswer> {
  const code = input.code.trim();
  return withPackedOrder(db, auth, orderId, async ({ tx, scope, order, state }) => {
    const { line, lotId, lotCode } = await resolveScan(tx, state, code);
    const carton = await openCartonFor(tx, state, input.carton_id ?? null);
    // The line as read under the order's lock: every change of an order's lines takes that lock first.
    const verified = await verifyOneUnit(tx, scope, auth, order, {
      id: line.id,
      sku: line.sku,
      quantity: line.quantity,
      verifiedQuantity: line.verified,
    });
    await changeCartonItem(tx, carton.id, line.id, lotId, 1);
    const after = withScannedUnit(state, { line, carton, lotId, lotCode });
    return {
      message: PACKING_MESSAGES.verified(
        line.sku,
        verified - line.quantityShipped,
        pickedOf(after, line),
        carton.number,
      ),
      item_id: line.id,
      carton_id: carton.id,
      pack: toPackView(after),
    };
  });
}

export interface ScannedUnit {
  line: PackLine;
  lotId: number | null;
  lotCode: string | null;
}

/** The line (and lot) one scanned unit is for, or a 422 on `code` saying why it is refused. */
export async function resolveScan(db: Executor, state: PackState, code: string): Promise<ScannedUnit> {
  const wanted = code.toLowerCase();
  let matching = state.lines.filter((l) => l.sku.toLowerCase() === wanted);
  if (matching.length === 0) matching = state.lines.filter((l) => l.barcode?.toLowerCase() === wanted);
  let scannedLot: { id: number; code: string } | null = null;
  if (matching.length === 0) {
    const lots = await lotsByCode(db, [...new Set(state.lines.map((l) => l.productId))], code);
    matching = state.lines.filter((l) => lots.some((lot) => lot.productId === l.productId));
    const lot = lots.find((x) => matching.some((l) => l.productId === x.productId));
    if (lot) scannedLot = { id: lot.id, code: lot.code };
  }
  if (matching.length === 0) throw fieldError('code', PACKING_MESSAGES.notInOrder(code));
  const open = matching.filter((l) => verifiedOf(l) < pickedOf(state, l));
  if (open.length === 0) {
    const line = matching[0]!;
    const picked = pickedOf(state, line);
    throw fieldError(
      'code',
      inLiveWave(state) && picked < line.quantity - line.quantityShipped
        ? PACKING_MESSAGES.notPicked(line.sku, picked)
        : PACKING_MESSAGES.tooMany(line.sku, line.quantity),
    );
  }
  if (!inLiveWave(state)) return { line: open[0]!, lotId: scannedLot?.id ?? null, lotCode: scannedLot?.code ?? null };
  return pickedLot(state, open, scannedLot);
}

/**
 * In a wave, the unit belongs to a lot that was picked for the line: the scanned lot (refused if it was not picked,
 * or all its units are packed), or — scanning the product — the only lot still to pack (a choice needs the lot).
 */
function pickedLot(state: PackState, lines: PackLine[], scannedLot: { id: number; code: string } | null): ScannedUnit {
  const codeOf = (lotId: number | null) =>
    state.picked.find((p) => p.lotId === lotId && lotId !== null)?.lotCode ?? null;
  for (const line of lines) {
    const lots = state.picked
      .filter((p) => p.orderItemId === line.id)
      .filter((p) => p.quantity > packedOf(state, line.id, p.lotId));
    if (scannedLot) {
      if (lots.some((p) => p.lotId === scannedLot.id)) return { line, lotId: scannedLot.id, lotCode: scannedLot.code };
      continue;
    }
    const distinct = [...new Set(lots.map((p) => p.lotId))];
    if (distinct.length === 1) return { line, lotId: distinct[0]!, lotCode: codeOf(distinct[0]!) };
    if (distinct.length > 1) throw fieldError('code', PACKING_MESSAGES.lotRequired(line.sku));
    // Verified units outside cartons (verified before packing) leave no lot to choose: the first picked one.
    const lotId = state.picked.find((p) => p.orderItemId === line.id)?.lotId ?? null;
    return { line, lotId, lotCode: codeOf(lotId) };
  }
  throw fieldError('code', PACKING_MESSAGES.lotNotPicked(scannedLot!.code));
}
