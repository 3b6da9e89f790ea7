import type {
  AllocationRule,
  LotRule,
  OrderPriority,
  PickingMode,
  PickTask,
  PickTaskKind,
  PickTaskStatus,
  WaveDetail,
  WaveOrderState,
  WaveStatus,
} from '@wms/contract/waves';
import type { Executor } from '../../../db/client';
import { waveDetailRows } from './picking-repository';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const idName = (id: unknown, name: unknown) =>
  id === null || id === undefined ? null : { id: Number(id), name: String(name ?? '') };
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const toTask = (t: Row): PickTask => ({
  id: Number(t.id),
  kind: t.kind as PickTaskKind,
  sequence: Number(t.sequence),
  status: t.status as PickTaskStatus,
  location: {
    id: Number(t.location_id),
    code: String(t.location_code),
    type: String(t.location_type),
    zone: String(t.location_zone),
  },
  product: {
    id: Number(t.product_id),
    sku: String(t.sku),
    name: String(t.product_name),
    barcode: (t.barcode as string | null) ?? null,
  },
  inventory_id: Number(t.inventory_id),
  lot:
    t.lot_id === null
      ? null
      : { id: Number(t.lot_id), code: String(t.lot_code ?? ''), expiry_date: (t.expiry_date as string | null) ?? null },
  quantity: Number(t.quantity),
  quantity_picked: Number(t.quantity_picked),
  allocation_rule: t.allocation_rule as AllocationRule,
  lot_rule: (t.lot_rule as LotRule | null) ?? null,
  reason: String(t.reason ?? ''),
  assignee: idName(t.assignee_id, t.assignee_name),
  picked_at: iso(t.picked_at),
  short_reason: (t.short_reason as string | null) ?? null,
  orders: json<PickTask['orders']>(t.orders),
});

/** The wave as picking answers it after every write (the handheld redraws from it). */
export async function pickingWaveDetail(db: Executor, waveId: number): Promise<WaveDetail> {
  const rows = await waveDetailRows(db, waveId);
  const w = rows!.wave;
  return {
    id: Number(w.id),
    number: String(w.number),
    warehouse: { id: Number(w.warehouse_id), name: String(w.warehouse_name), code: String(w.warehouse_code) },
    mode: w.mode as PickingMode,
    status: w.status as WaveStatus,
    priority: w.priority as OrderPriority,
    assignee: idName(w.assignee_id, w.assignee_name),
    created_by: idName(w.created_by, w.created_by_name),
    filters: json<Record<string, unknown>>(w.filters ?? {}),
    order_count: Number(w.order_count),
    line_count: Number(w.line_count),
    unit_count: Number(w.unit_count),
    location_count: Number(w.location_count),
    estimated_distance_m: Number(w.estimated_distance_m),
    tasks_total: Number(w.tasks_total),
    tasks_done: Number(w.tasks_done),
    units_picked: Number(w.units_picked),
    created_at: iso(w.created_at)!,
    started_at: iso(w.started_at),
    picked_at: iso(w.picked_at),
    cancelled_at: iso(w.cancelled_at),
    orders: rows!.orders.map((o) => ({
      order_id: Number(o.order_id),
      order_number: String(o.order_number),
      account: { id: Number(o.account_id), name: String(o.account_name) },
      customer_name: String(o.customer_name),
      ship_date: (o.ship_date as string | null) ?? null,
      priority: o.priority as OrderPriority,
      state: o.state as WaveOrderState,
      tote: (o.tote as string | null) ?? null,
      position: Number(o.position),
      units: Number(o.units),
      units_allocated: Number(o.units_allocated),
      units_picked: Number(o.units_picked),
    })),
    tasks: rows!.tasks.map(toTask),
  };
}
