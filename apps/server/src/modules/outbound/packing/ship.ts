import { PACKING_MESSAGES, type ShipAnswer, type ShipInput } from '@wms/contract/packing';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { conflict, fieldError, validationError } from '../../../http/errors';
import { StockError, shipStock } from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  backorderShipmentReason,
  defaultShippedStatus,
  eventScopeOfOrder,
  recordShippedStatus,
  requireChanged,
  setShippedLines,
  stagedPlacesOf,
} from '../orders/orders-api';
import { leaveWaveShipped } from '../waves/waves-api';
import { type LockedPack, withPackedOrder } from './pack-access';
import { blockersOf, inLiveWave, loadPackState, type PackState, packedOf, toPackView } from './pack-state';
import { finishPackSessions, type PackLine, setCartonsShipped } from './packing-repository';

/**
 * POST /orders/{id}/ship: the packed units leave. Under the order's lock, so a second Ship waits and then finds the
 * order shipped (it answers that, moving nothing). Refused while anything blocks it (a label the account requires,
 * units not verified or not in a closed carton, a short order the account does not ship in part). Then, in one
 * transaction: carrier and tracking per carton (defaults: the order's label), one `ship` ledger movement per inventory
 * row taking the picked units from the staging location lot by lot (an order packed without a wave: by the take
 * order), the lines' shipped and reserved counts, the cartons shipped, the order's shipped status — or, shipped in
 * part, the order left open with the rest as a backorder and its wave entry closed — and the pack finished.
 */
export function shipPackedOrder(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  input: ShipInput,
): Promise<ShipAnswer> {
  return withPackedOrder(
    db,
    auth,
    orderId,
    async (pack) => {
      if (pack.order.lifecycle === 'shipped') {
        return {
          data: toPackView(pack.state),
          message: PACKING_MESSAGES.alreadyShipped(pack.order.orderNumber),
          backordered_units: 0,
        };
      }
      refuseBlocked(pack.state);
      await shipCartons(pack, input);
      const shipped = await shipUnits(pack, auth.user.id);
      const backordered = pack.state.lines.reduce(
        (sum, l) => sum + l.quantity - l.quantityShipped - (shipped.get(l.id) ?? 0),
        0,
      );
      if (backordered === 0) {
        const target = await defaultShippedStatus(pack.tx);
        if (!target) throw conflict(PACKING_MESSAGES.shortNotAllowed);
        await recordShippedStatus(pack.tx, pack.scope, auth.user.id, pack.order, pack.state.order.status, target);
      } else {
        await leaveWaveShipped(pack.tx, pack.order.id);
      }
      const units = [...shipped.values()].reduce((sum, q) => sum + q, 0);
      const cartons = pack.state.cartons.filter((c) => c.status === 'closed').length;
      await finishPackSessions(pack.tx, pack.order.id);
      const scope = { actorId: auth.user.id, ...eventScopeOfOrder(pack.order) };
      await recordEvent(pack.tx, {
        kind: 'order.pack_finished',
        payload: { order_number: pack.order.orderNumber, cartons },
        ...scope,
      });
      await recordEvent(pack.tx, {
        kind: 'order.shipped',
        payload: { order_number: pack.order.orderNumber, cartons, units, backordered },
        ...scope,
      });
      return {
        data: toPackView(await loadPackState(pack.tx, pack.order.id)),
        message:
          backordered === 0
            ? PACKING_MESSAGES.shipped(pack.order.orderNumber)
            : PACKING_MESSAGES.shippedPartly(pack.order.orderNumber, backordered),
        backordered_units: backordered,
      };
    },
    { allowShipped: true },
  );
}

/** A label the account requires is its own field; every other reason is said on `cartons`. */
function refuseBlocked(state: PackState): void {
  const blockers = blockersOf(state);
  if (blockers.length === 0) return;
  const label = blockers.filter((b) => b === PACKING_MESSAGES.labelRequired);
  const rest = blockers.filter((b) => b !== PACKING_MESSAGES.labelRequired);
  throw validationError({ ...(label.length ? { label } : {}), ...(rest.length ? { cartons: rest } : {}) });
}

async function shipCartons(pack: LockedPack, input: ShipInput): Promise<void> {
  const closed = pack.state.cartons.filter((c) => c.status === 'closed');
  const given = new Map((input.cartons ?? []).map((c) => [Number(c.carton_id), c]));
  for (const id of given.keys()) {
    if (!closed.some((c) => c.id === id)) throw fieldError('cartons', PACKING_MESSAGES.unknownCarton);
  }
  const { order } = pack.state;
  await setCartonsShipped(
    pack.tx,
    closed.map((c) => ({
      id: c.id,
      carrier: given.get(c.id)?.carrier ?? c.carrier ?? order.carrier,
      trackingNumber: given.get(c.id)?.tracking_number ?? c.trackingNumber ?? order.trackingNumber,
    })),
  );
}

/** The ledger and the lines: answers the units shipped per line (what its closed cartons hold). */
async function shipUnits(pack: LockedPack, userId: number): Promise<Map<number, number>> {
  const { state } = pack;
  const places = inLiveWave(state) ? stagedPlacesOf(state.picked) : new Map();
  const shipped = new Map(state.lines.map((l) => [l.id, packedOf(state, l.id)] as const));
  const wanted = state.lines.filter((l) => (shipped.get(l.id) ?? 0) > 0);
  const inventoryOf = (line: PackLine) =>
    line.inventoryId ?? state.picked.find((p) => p.orderItemId === line.id)?.inventoryId ?? null;
  if (wanted.some((l) => inventoryOf(l) === null)) throw conflict(PACKING_MESSAGES.cartsShort(wanted[0]!.sku));
  try {
    await shipStock(
      pack.tx,
      wanted.map((line) => {
        const quantity = shipped.get(line.id)!;
        return {
          inventoryId: inventoryOf(line)!,
          quantity,
          reserved: Math.min(line.quantityReserved, quantity),
          places: places.get(line.id),
        };
      }),
      {
        referenceType: 'order',
        referenceId: pack.order.id,
        userId,
        reason: backorderShipmentReason(pack.order.orderNumber, shippedBefore(state)),
      },
    );
  } catch (error) {
    if (error instanceof StockError) throw conflict(PACKING_MESSAGES.cartsShort(skuOf(state, error.inventoryId)));
    throw error;
  }
  const changed = await setShippedLines(
    pack.tx,
    pack.scope,
    wanted.map((line) => {
      const quantity = shipped.get(line.id)!;
      return {
        id: line.id,
        quantityShipped: line.quantityShipped + quantity,
        quantityReserved: line.quantityReserved - Math.min(line.quantityReserved, quantity),
        inventoryId: inventoryOf(line),
      };
    }),
  );
  requireChanged(changed === wanted.length ? changed : 0);
  return shipped;
}

const shippedBefore = (state: PackState) => state.lines.reduce((sum, l) => sum + l.quantityShipped, 0);

const skuOf = (state: PackState, inventoryId: number | null) =>
  state.lines.find((l) => l.inventoryId === inventoryId)?.sku ?? state.lines[0]?.sku ?? '';
