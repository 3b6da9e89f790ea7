import type {
  AllocationRule,
  LotRule,
  OrderPriority,
  PickingMode,
  PickTask,
  PickTaskKind,
  PickTaskStatus,
  Wave,
  WaveDetail,
  WaveOrderState,
  WaveStatus,
} from '@wms/contract/waves';
import type { WaveRow, waveOrderRows, waveTaskOrderRows, waveTaskRows } from './waves-repository';

/** Waves and their tasks as the contract says (rows from waves-repository). */

export function toWave(row: WaveRow): Wave {
  return {
    id: row.id,
    number: row.number,
    warehouse: { id: row.warehouseId, name: row.warehouseName, code: row.warehouseCode },
    mode: row.mode as PickingMode,
    status: row.status as WaveStatus,
    priority: row.priority as OrderPriority,
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
    created_by: row.createdBy === null ? null : { id: row.createdBy, name: row.createdByName ?? '' },
    filters: row.filters,
    order_count: row.orderCount,
    line_count: row.lineCount,
    unit_count: row.unitCount,
    location_count: row.locationCount,
    estimated_distance_m: row.estimatedDistanceM,
    tasks_total: row.tasksTotal,
    tasks_done: row.tasksDone,
    units_picked: row.unitsPicked,
    put_backs_open: row.putBacksOpen,
    created_at: row.createdAt,
    started_at: row.startedAt,
    picked_at: row.pickedAt,
    cancelled_at: row.cancelledAt,
  };
}

type OrderRow = Awaited<ReturnType<typeof waveOrderRows>>[number];
type TaskRow = Awaited<ReturnType<typeof waveTaskRows>>[number];
type TaskOrderRow = Awaited<ReturnType<typeof waveTaskOrderRows>>[number];

/** Each task with its per-order breakdown, as the contract says. */
export function toPickTasks(tasks: readonly TaskRow[], taskOrders: readonly TaskOrderRow[]): PickTask[] {
  const breakdown = new Map<number, TaskOrderRow[]>();
  for (const part of taskOrders) breakdown.set(part.taskId, [...(breakdown.get(part.taskId) ?? []), part]);
  return tasks.map((t) => ({
    id: t.id,
    kind: t.kind as PickTaskKind,
    sequence: t.sequence,
    status: t.status as PickTaskStatus,
    location: { id: t.locationId, code: t.locationCode, type: t.locationType, zone: t.locationZone },
    product: { id: t.productId, sku: t.sku, name: t.productName, barcode: t.barcode },
    inventory_id: t.inventoryId,
    lot: t.lotId === null ? null : { id: t.lotId, code: t.lotCode ?? '', expiry_date: t.expiryDate },
    quantity: t.quantity,
    quantity_picked: t.quantityPicked,
    allocation_rule: t.allocationRule as AllocationRule,
    lot_rule: t.lotRule as LotRule | null,
    reason: t.reason,
    assignee: t.assigneeId === null ? null : { id: t.assigneeId, name: t.assigneeName ?? '' },
    picked_at: t.pickedAt,
    short_reason: t.shortReason,
    orders: (breakdown.get(t.id) ?? []).map((p) => ({
      order_id: p.orderId,
      order_number: p.orderNumber,
      order_item_id: p.orderItemId,
      quantity: p.quantity,
      quantity_picked: p.quantityPicked,
      tote: p.tote,
    })),
  }));
}

export function toWaveDetail(
  row: WaveRow,
  orders: readonly OrderRow[],
  tasks: readonly TaskRow[],
  taskOrders: readonly TaskOrderRow[],
): WaveDetail {
  return {
    ...toWave(row),
    orders: orders.map((o) => ({
      order_id: o.orderId,
      order_number: o.orderNumber,
      account: { id: o.accountId, name: o.accountName },
      customer_name: o.customerName,
      ship_date: o.shipDate,
      priority: o.priority as OrderPriority,
      state: o.state as WaveOrderState,
      tote: o.tote,
      position: o.position,
      units: o.units,
      units_allocated: o.unitsAllocated,
      units_picked: o.unitsPicked,
    })),
    tasks: toPickTasks(tasks, taskOrders),
  };
}
