import type { Executor } from '../../../db/client';
import { type AllocatedUnits, changeAllocated, lockInventoryRows, usablePlaces } from './allocation-repository';
import { allocateOrder, type OrderAllocation, type OrderDemand, type Pool, poolOf } from './allocation-rule';

/**
 * The one allocation module (DESIGN §11) every caller uses: wave release, re-allocation after a short pick, and
 * later replenishment and kit work orders. Choosing is pure (allocation-rule.ts); holding and releasing change
 * location_stock.quantity_allocated under the inventory rows' locks, in the caller's transaction.
 */

export type { AllocatedUnits, UsablePlace } from './allocation-repository';
export type { AllocatedPart, DemandLine, OrderAllocation, OrderDemand, Pool, ProductTracking } from './allocation-rule';

/**
 * Allocates the orders one after the other (the caller's order: urgent first…), each from what the previous ones
 * left. With `lock`, the inventory rows are locked first (id order) and stay locked until the transaction ends, so
 * the answer is still true when the caller holds it; without (a preview), it reads the stock as it is.
 * `excludeLocationIds`: places not to use (a short pick's location while it goes to hospital).
 */
export async function allocateOrders(
  tx: Executor,
  orders: readonly OrderDemand[],
  options: { lock: boolean; excludeLocationIds?: readonly number[] },
): Promise<OrderAllocation[]> {
  const pool = await allocationPool(
    tx,
    orders.flatMap((o) => o.lines.map((l) => l.inventoryId)),
    options,
  );
  return orders.map((order) => allocateOrder(order, pool));
}

/**
 * The free units of these rows, to allocate orders from one at a time (`allocateFromPool`) when the caller stops at
 * a limit (a wave's maximum lines or units). With `lock`, as allocateOrders.
 */
export async function allocationPool(
  tx: Executor,
  inventoryIds: readonly number[],
  options: { lock: boolean; excludeLocationIds?: readonly number[]; locationTypes?: readonly string[] },
): Promise<Pool> {
  if (options.lock) await lockInventoryRows(tx, inventoryIds);
  const excluded = new Set(options.excludeLocationIds ?? []);
  // Replenishment takes from storage only (never another pick face or receiving).
  const types = options.locationTypes ? new Set(options.locationTypes) : null;
  return poolOf(
    (await usablePlaces(tx, inventoryIds)).filter(
      (p) => !excluded.has(p.locationId) && (types === null || types.has(p.locationType)),
    ),
  );
}

/**
 * Locks inventory rows in id order (the order every stock operation locks in), for a caller about to release and
 * take units of several rows and add to others in one transaction (a kit work order's completion).
 */
export const lockRowsInIdOrder = (tx: Executor, inventoryIds: readonly number[]): Promise<void> =>
  lockInventoryRows(tx, inventoryIds);

/** One order from the pool (allocation-rule.ts): accepted allocations take their units out of it. */
export const allocateFromPool = (order: OrderDemand, pool: Pool): OrderAllocation => allocateOrder(order, pool);

/**
 * Holds the units for open pick tasks (quantity_allocated up). Call under the rows' locks (allocateOrders with
 * `lock`); a place that no longer has the free units is a bug, so it throws rather than over-allocate.
 */
export async function holdAllocation(tx: Executor, units: readonly AllocatedUnits[]): Promise<void> {
  const { asked, changed } = await changeAllocated(tx, units, 1);
  if (changed !== asked) throw new Error(`Allocation refused: ${asked - changed} places no longer hold the units`);
}

/**
 * Releases held units (a cancelled wave or task; a pick releases and takes its units in one ledger update,
 * stock-api's moveAllocatedUnits). Locks the rows first, in id order.
 */
export async function releaseAllocation(tx: Executor, units: readonly AllocatedUnits[]): Promise<void> {
  await lockInventoryRows(
    tx,
    units.map((u) => u.inventoryId),
  );
  const { asked, changed } = await changeAllocated(tx, units, -1);
  if (changed !== asked) throw new Error(`Releasing allocation refused: ${asked - changed} places hold less`);
}
