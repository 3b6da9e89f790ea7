import {
  type KitWorkOrder,
  type KitWorkOrderCreate,
  type KitWorkOrderDetail,
  type KitWorkOrderListQuery,
  kitWorkOrderNumber,
  KIT_WORK_ORDER_MESSAGES as M,
} from '@wms/contract/kit-work-orders';
import { pageMeta } from '@wms/contract/pagination';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { allocateOrders, holdAllocation, lockRowsInIdOrder, releaseAllocation } from '../allocation/allocation-api';
import {
  ensureInventoryRow,
  fillBackorders,
  findInventoryIds,
  inventoryKey,
  isAccountInWarehouse,
  locationFacts,
  lotsForReceipt,
  moveStock,
  unassignedLocation,
} from '../stock/stock-api';
import {
  type AllocationRow,
  allocationsOf,
  availableOf,
  componentsOf,
  findWorkOrder,
  finishWorkOrder,
  insertWorkOrder,
  linesOf,
  listWorkOrders,
  nextWorkOrderId,
  productById,
  type WorkOrderRow,
  warehouseInScope,
} from './kit-work-orders-repository';

/*
 * Kit work orders (docs/catalogue-kits.md). Create holds what the order will consume: the inventory rows'
 * `reserve` (so orders cannot take it) and the allocation module's places (so moves and picks cannot), under the
 * rows' locks, so two orders for the last units get them once. Complete consumes exactly the allocated places
 * (`kit_consume`, one ledger row per location and lot) and puts what it makes into the target location (`kit_build`),
 * in one transaction; cancel releases both holds. Either happens once: the order's row is locked and its status read.
 */

const REFERENCE = 'kit_work_order';

const toOrder = (o: WorkOrderRow): KitWorkOrder => ({
  id: o.id,
  number: o.number,
  kind: o.kind,
  status: o.status,
  kit: { id: o.kitProductId, sku: o.kitSku, name: o.kitName },
  warehouse: { id: o.warehouseId, name: o.warehouseName },
  account: { id: o.accountId, name: o.accountName },
  quantity: o.quantity,
  target_location: { id: o.targetLocationId, code: o.targetCode },
  kit_lot: o.kitLotId === null ? null : { id: o.kitLotId, code: o.kitLotCode ?? '', expiry_date: o.kitLotExpiry },
  created_by: o.createdBy,
  completed_by: o.completedBy,
  created_at: o.createdAt,
  completed_at: o.completedAt,
  cancelled_at: o.cancelledAt,
});

async function detailOf(db: Executor, order: WorkOrderRow): Promise<KitWorkOrderDetail> {
  const [lines, picks] = [await linesOf(db, order.id), await allocationsOf(db, order.id)];
  return {
    ...toOrder(order),
    components: lines.map((l) => ({
      id: l.productId,
      sku: l.sku,
      name: l.name,
      per_kit: l.perKit,
      quantity: l.perKit * order.quantity,
    })),
    pick_list: picks.map((p) => ({
      product: { id: p.productId, sku: p.sku, name: p.name },
      location: { id: p.locationId, code: p.locationCode },
      lot: p.lotId === null ? null : { id: p.lotId, code: p.lotCode ?? '', expiry_date: p.expiryDate },
      quantity: p.quantity,
      reason: p.reason,
    })),
  };
}

/** A completed or cancelled order's typed activity event (the same facts as its creation's). */
async function recordStateChange(
  tx: Executor,
  kind: 'kit_work_order.completed' | 'kit_work_order.cancelled',
  order: NonNullable<Awaited<ReturnType<typeof findWorkOrder>>>,
  userId: number,
) {
  await recordEvent(tx, {
    kind,
    payload: { number: order.number, kind: order.kind, sku: order.kitSku, quantity: order.quantity },
    actorId: userId,
    subject: { type: REFERENCE, id: order.id },
    warehouseIds: [order.warehouseId],
    accountIds: [order.accountId],
  });
}

async function orderOrNotFound(db: Executor, auth: RequestAuth, id: number, lock: boolean) {
  const order = await findWorkOrder(db, await auth.scope(), id, lock);
  if (!order) throw notFound(M.notFound);
  return order;
}

export async function getKitWorkOrder(db: Executor, auth: RequestAuth, id: number) {
  return detailOf(db, await orderOrNotFound(db, auth, id, false));
}

export async function listKitWorkOrders(db: Executor, auth: RequestAuth, query: KitWorkOrderListQuery) {
  const { total, rows } = await listWorkOrders(db, await auth.scope(), {
    status: query.status,
    warehouseId: query.warehouse_id,
    accountId: query.account_id,
    kitProductId: query.kit_product_id,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(toOrder), meta: pageMeta(total, query.page, query.per_page) };
}

/** The target location: the one named (active, of the warehouse, not quarantine) or the warehouse's UNASSIGNED. */
async function targetLocation(tx: Executor, warehouseId: number, locationId: number | null | undefined) {
  if (locationId == null) return unassignedLocation(tx, warehouseId);
  const location = await locationFacts(tx, locationId);
  if (!location || location.warehouseId !== warehouseId || !location.isActive || location.type === 'quarantine') {
    throw fieldError('target_location_id', M.targetInvalid);
  }
  return location.id;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Creates an order with what it consumes held: the components × N of a build, N kits of a disassembly. Refused
 * (422 on `quantity`, every short product named) when any of them has too little available or allocatable.
 */
export async function createKitWorkOrder(db: Database, auth: RequestAuth, input: KitWorkOrderCreate) {
  const scope = await auth.scope();
  if (!(await warehouseInScope(db, scope, input.warehouse_id))) throw notFound(M.warehouseNotFound);
  const kit = await productById(db, input.kit_product_id);
  if (!kit) throw fieldError('kit_product_id', M.kitNotFound);
  if (kit.kind !== 'assembled') throw fieldError('kit_product_id', M.kitNotAssembled);
  if (!(await isAccountInWarehouse(db, kit.accountId, input.warehouse_id))) {
    throw fieldError('kit_product_id', M.accountNotInWarehouse);
  }
  const userId = auth.user.id;
  const id = await inTransaction(db, async (tx) => {
    const components = await componentsOf(tx, kit.id);
    if (components.length === 0) throw fieldError('kit_product_id', M.kitWithoutComponents);
    const target = await targetLocation(tx, input.warehouse_id, input.target_location_id);
    const N = input.quantity;
    // What the order takes: the components of a build, the kit itself of a disassembly.
    const takes =
      input.kind === 'build'
        ? components.map((c) => ({ product: c, needed: c.perKit * N }))
        : [{ product: { ...kit, perKit: 1 }, needed: N }];
    const rowIds = await findInventoryIds(
      tx,
      input.warehouse_id,
      takes.map((t) => ({ productId: t.product.id, accountId: kit.accountId })),
    );
    const demand = takes.map((t) => ({ ...t, inventoryId: rowIds.get(inventoryKey(t.product.id, kit.accountId)) }));
    const present = demand.filter((d): d is typeof d & { inventoryId: number } => d.inventoryId !== undefined);
    // Locks the rows (id order) and reads their free places: true until this transaction ends.
    const [allocation] = await allocateOrders(
      tx,
      [
        {
          orderId: 0,
          shipDate: today(),
          minShelfLifeDays: 0,
          allowPartial: false,
          lines: present.map((d) => ({
            lineId: d.product.id,
            inventoryId: d.inventoryId,
            tracking: d.product.tracking,
            quantity: d.needed,
          })),
        },
      ],
      { lock: true },
    );
    const available = await availableOf(
      tx,
      present.map((d) => d.inventoryId),
    );
    const short = demand
      .map((d) => {
        const allocatable = d.inventoryId === undefined ? 0 : d.needed - (allocation!.short.get(d.product.id) ?? 0);
        const free = Math.min(d.inventoryId === undefined ? 0 : (available.get(d.inventoryId) ?? 0), allocatable);
        return { sku: d.product.sku, needed: d.needed, available: free };
      })
      .filter((s) => s.available < s.needed);
    if (short.length > 0 || !allocation!.accepted) throw fieldError('quantity', M.short(short));

    const id = await nextWorkOrderId(tx);
    const number = kitWorkOrderNumber(id);
    await insertWorkOrder(tx, {
      id,
      number,
      kind: input.kind,
      kitProductId: kit.id,
      warehouseId: input.warehouse_id,
      accountId: kit.accountId,
      quantity: N,
      targetLocationId: target,
      createdBy: userId,
      lines: components.map((c) => ({ productId: c.id, perKit: c.perKit })),
      allocations: allocation!.parts.map((p) => ({
        productId: p.lineId,
        inventoryId: p.inventoryId,
        locationId: p.locationId,
        lotId: p.lotId,
        quantity: p.quantity,
        reason: p.reason,
      })),
    });
    for (const d of present) {
      const reserved = await moveStock(tx, {
        inventoryId: d.inventoryId,
        type: 'reserve',
        onHandDelta: 0,
        reservedDelta: d.needed,
        reason: number,
        referenceType: REFERENCE,
        referenceId: id,
        userId,
      });
      // Under the rows' locks after the availability check: a refusal here is a bug, never a silent short order.
      if (!reserved) throw new Error(`Reserving ${d.product.sku} for ${number} was refused`);
    }
    await holdAllocation(
      tx,
      allocation!.parts.map((p) => ({
        inventoryId: p.inventoryId,
        locationId: p.locationId,
        lotId: p.lotId,
        quantity: p.quantity,
      })),
    );
    await recordEvent(tx, {
      kind: 'kit_work_order.created',
      payload: { number, kind: input.kind, sku: kit.sku, quantity: N },
      actorId: userId,
      subject: { type: REFERENCE, id },
      warehouseIds: [input.warehouse_id],
      accountIds: [kit.accountId],
    });
    return id;
  });
  return getKitWorkOrder(db, auth, id);
}

/** The allocated places summed per inventory row (one ledger movement per row, one ledger row per place). */
function perRow(picks: readonly AllocationRow[]) {
  const rows = new Map<number, AllocationRow[]>();
  for (const p of picks) rows.set(p.inventoryId, [...(rows.get(p.inventoryId) ?? []), p]);
  return [...rows.entries()].map(([inventoryId, places]) => ({
    inventoryId,
    places,
    quantity: places.reduce((sum, p) => sum + p.quantity, 0),
  }));
}

const earliest = (dates: readonly (string | null)[]) => dates.filter((d): d is string => d !== null).sort()[0] ?? null;

/**
 * Completes an open order in one transaction: the allocation released and the same places consumed
 * (`kit_consume`), what it makes put into the target location (`kit_build`). A build of a lot- or expiry-tracked
 * kit gives the kits a lot named after the order, expiring on the components' earliest expiry. A disassembly gives
 * the components back without a lot (which component lots went into a kit is not recorded per unit). Completing a
 * completed order answers it unchanged; a cancelled one is a 409.
 */
export async function completeKitWorkOrder(db: Database, auth: RequestAuth, id: number) {
  const userId = auth.user.id;
  const changed = await inTransaction(db, async (tx) => {
    const order = await orderOrNotFound(tx, auth, id, true);
    if (order.status === 'completed') return false;
    if (order.status !== 'open') throw conflict(M.notOpen(order.status));
    const [lines, picks] = [await linesOf(tx, id), await allocationsOf(tx, id)];
    const key = { warehouseId: order.warehouseId, accountId: order.accountId };
    const made =
      order.kind === 'build'
        ? [{ productId: order.kitProductId, quantity: order.quantity }]
        : lines.map((l) => ({ productId: l.productId, quantity: l.perKit * order.quantity }));
    const madeRows: { inventoryId: number; quantity: number }[] = [];
    for (const m of made) {
      madeRows.push({
        inventoryId: await ensureInventoryRow(tx, { ...key, productId: m.productId }),
        quantity: m.quantity,
      });
    }
    // Every row the completion changes, locked in id order first (as every stock operation locks), so it cannot
    // deadlock with another that takes them one at a time.
    await lockRowsInIdOrder(tx, [...picks.map((p) => p.inventoryId), ...madeRows.map((r) => r.inventoryId)]);
    await releaseAllocation(
      tx,
      picks.map((p) => ({
        inventoryId: p.inventoryId,
        locationId: p.locationId,
        lotId: p.lotId,
        quantity: p.quantity,
      })),
    );
    const common = { reason: order.number, referenceType: REFERENCE, referenceId: id, userId };
    for (const row of perRow(picks)) {
      const taken = await moveStock(tx, {
        ...common,
        inventoryId: row.inventoryId,
        type: 'kit_consume',
        onHandDelta: -row.quantity,
        reservedDelta: -row.quantity,
        places: row.places.map((p) => ({ locationId: p.locationId, lotId: p.lotId, quantity: p.quantity })),
      });
      if (!taken) throw new Error(`Consuming the allocated units of ${order.number} was refused`);
    }
    let kitLotId: number | null = null;
    if (order.kind === 'build' && order.kitTracking !== 'none') {
      const [lot] = await lotsForReceipt(tx, [
        { productId: order.kitProductId, lotCode: order.number, expiryDate: earliest(picks.map((p) => p.expiryDate)) },
      ]);
      if (lot === 'expiry_differs' || lot === undefined)
        throw conflict(M.notOpen('in conflict with a lot of its number'));
      kitLotId = lot;
    }
    for (const row of madeRows) {
      const built = await moveStock(tx, {
        ...common,
        inventoryId: row.inventoryId,
        type: 'kit_build',
        onHandDelta: row.quantity,
        reservedDelta: 0,
        locationId: order.targetLocationId,
        lotId: kitLotId,
      });
      if (!built) throw new Error(`Building into ${order.targetCode} for ${order.number} was refused`);
    }
    await finishWorkOrder(tx, id, { status: 'completed', userId, kitLotId });
    // What was made may fill backorders of its product, as any arrival of stock does.
    await fillBackorders(
      tx,
      madeRows.map((r) => r.inventoryId),
      userId,
    );
    await recordStateChange(tx, 'kit_work_order.completed', order, userId);
    return true;
  });
  const detail = await getKitWorkOrder(db, auth, id);
  return { data: detail, message: changed ? M.completed(detail.number) : undefined };
}

/** Cancels an open order: its allocation and reservations released. A cancelled order answers unchanged. */
export async function cancelKitWorkOrder(db: Database, auth: RequestAuth, id: number) {
  const userId = auth.user.id;
  const changed = await inTransaction(db, async (tx) => {
    const order = await orderOrNotFound(tx, auth, id, true);
    if (order.status === 'cancelled') return false;
    if (order.status !== 'open') throw conflict(M.notOpen(order.status));
    const picks = await allocationsOf(tx, id);
    await releaseAllocation(
      tx,
      picks.map((p) => ({
        inventoryId: p.inventoryId,
        locationId: p.locationId,
        lotId: p.lotId,
        quantity: p.quantity,
      })),
    );
    const rows = perRow(picks);
    for (const row of rows) {
      const released = await moveStock(tx, {
        inventoryId: row.inventoryId,
        type: 'release',
        onHandDelta: 0,
        reservedDelta: -row.quantity,
        reason: order.number,
        referenceType: REFERENCE,
        referenceId: id,
        userId,
      });
      if (!released) throw new Error(`Releasing the reservation of ${order.number} was refused`);
    }
    await finishWorkOrder(tx, id, { status: 'cancelled', userId });
    await fillBackorders(
      tx,
      rows.map((r) => r.inventoryId),
      userId,
    );
    await recordStateChange(tx, 'kit_work_order.cancelled', order, userId);
    return true;
  });
  const detail = await getKitWorkOrder(db, auth, id);
  return { data: detail, message: changed ? M.cancelled(detail.number) : undefined };
}
