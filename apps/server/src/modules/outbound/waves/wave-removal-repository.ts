import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';
import type { WalkStop } from './walk-route';

/** The SQL of taking one order out of its live wave (cancelled, deleted, or removed by a supervisor). */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface LiveWaveOfOrder {
  waveId: number;
  waveNumber: string;
  waveStatus: string;
  /** The order's state in the wave: in_wave (still being picked) or picked (all its tasks done). */
  state: string;
}

/** The live wave the order is in (at most one: the partial unique index on wave_orders), or undefined. */
export async function liveWaveOf(db: Executor, orderId: number): Promise<LiveWaveOfOrder | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select wo.wave_id, w.number, w.status, wo.state from wave_orders wo join waves w on w.id = wo.wave_id
      where wo.order_id = ${orderId} and wo.state in ('in_wave', 'picked')`,
  );
  return row
    ? {
        waveId: num(row.wave_id),
        waveNumber: String(row.number),
        waveStatus: String(row.status),
        state: String(row.state),
      }
    : undefined;
}

/** The order row locked (the lock every change of an order takes first), with what the wave event names. */
export async function lockOrderForWave(tx: Executor, orderId: number) {
  const [row] = await rowsOf(
    tx,
    sql`select id, order_number, account_id, warehouse_id from orders where id = ${orderId} for update`,
  );
  return row
    ? {
        id: num(row.id),
        orderNumber: String(row.order_number),
        accountId: num(row.account_id),
        warehouseId: num(row.warehouse_id),
      }
    : undefined;
}

/** The order's shares of the wave's pick tasks, the tasks locked (id order), with each task's other demand. */
export async function orderTaskShares(tx: Executor, waveId: number, orderId: number) {
  const rows = await rowsOf(
    tx,
    sql`select t.id as task_id, t.status, t.inventory_id, t.product_id, t.location_id, t.lot_id, t.quantity,
        pto.id as share_id, pto.quantity as share_quantity, pto.quantity_picked as share_picked
      from pick_tasks t join pick_task_orders pto on pto.task_id = t.id
      where t.wave_id = ${waveId} and t.kind = 'pick' and pto.order_id = ${orderId}
      order by t.id, pto.id for update of t`,
  );
  return rows.map((r) => ({
    taskId: num(r.task_id),
    status: String(r.status),
    inventoryId: num(r.inventory_id),
    productId: num(r.product_id),
    locationId: num(r.location_id),
    lotId: numOrNull(r.lot_id),
    taskQuantity: num(r.quantity),
    shareId: num(r.share_id),
    shareQuantity: num(r.share_quantity),
    sharePicked: num(r.share_picked),
  }));
}
export type OrderTaskShare = Awaited<ReturnType<typeof orderTaskShares>>[number];

/** Tasks that held only the order's units: nothing is left to pick there. */
export async function cancelTasks(tx: Executor, taskIds: readonly number[]): Promise<void> {
  if (taskIds.length === 0) return;
  await tx.execute(sql`update pick_tasks set status = 'cancelled', updated_at = now()
    where id = any(${idArray(taskIds)})`);
}

/** Shared tasks (batch, cluster) lose the order's share: the task's quantity goes down by it, the share row goes. */
export async function dropShares(
  tx: Executor,
  shares: readonly { taskId: number; shareId: number; quantity: number }[],
) {
  if (shares.length === 0) return;
  const json = JSON.stringify(shares.map((s) => ({ task_id: s.taskId, share_id: s.shareId, quantity: s.quantity })));
  await tx.execute(sql`update pick_tasks t set quantity = t.quantity - d.quantity, updated_at = now()
    from (select task_id, sum(quantity) as quantity from jsonb_to_recordset(${json}::jsonb)
      as x(task_id int, share_id int, quantity int) group by task_id) d
    where t.id = d.task_id`);
  await tx.execute(sql`delete from pick_task_orders where id in
    (select share_id from jsonb_to_recordset(${json}::jsonb) as x(task_id int, share_id int, quantity int))`);
}

export async function markOrderRemoved(tx: Executor, waveId: number, orderId: number): Promise<void> {
  await tx.execute(sql`update wave_orders set state = 'removed'
    where wave_id = ${waveId} and order_id = ${orderId} and state in ('in_wave', 'picked')`);
}

/**
 * Counts the wave again from what is left in it (its live orders and their pick tasks not cancelled), as release
 * counted them; answers the live orders and the open pick tasks left (the walking estimate: `waveWalkFacts`).
 */
export async function resummariseWave(tx: Executor, waveId: number) {
  const [row] = await rowsOf(
    tx,
    sql`with live as (select order_id from wave_orders where wave_id = ${waveId} and state in ('in_wave', 'picked')),
      shares as (select pto.order_item_id, pto.quantity, t.location_id, t.status from pick_task_orders pto
        join pick_tasks t on t.id = pto.task_id
        where t.wave_id = ${waveId} and t.kind = 'pick' and t.status <> 'cancelled'
          and pto.order_id in (select order_id from live))
      update waves set order_count = (select count(*) from live),
        line_count = (select count(distinct order_item_id) from shares),
        unit_count = (select coalesce(sum(quantity), 0) from shares),
        location_count = (select count(distinct location_id) from shares),
        updated_at = now()
      where id = ${waveId}
      returning order_count,
        (select count(*) from pick_tasks where wave_id = ${waveId} and kind = 'pick' and status in ('open', 'skipped'))
          as open_tasks`,
  );
  return { liveOrders: num(row?.order_count ?? 0), openTasks: num(row?.open_tasks ?? 0) };
}

/**
 * What the walking estimate of a wave is measured on once an order has left it: the wave's mode, its warehouse's
 * spacing, and each live order's pick locations (its pick tasks not cancelled, picked or not — the route as release
 * planned it, without the order that left).
 */
export async function waveWalkFacts(tx: Executor, waveId: number) {
  const [wave] = await rowsOf(
    tx,
    sql`select w.mode, wh.aisle_spacing_cm, wh.rack_spacing_cm from waves w
      join warehouses wh on wh.id = w.warehouse_id where w.id = ${waveId}`,
  );
  const stops = await rowsOf(
    tx,
    sql`select distinct pto.order_id, l.id, l.code, l.zone, l.aisle, l.rack, l.level, l.bin, l.walk_sequence
      from wave_orders wo
      join pick_task_orders pto on pto.order_id = wo.order_id
      join pick_tasks t on t.id = pto.task_id and t.wave_id = wo.wave_id and t.kind = 'pick' and t.status <> 'cancelled'
      join locations l on l.id = t.location_id
      where wo.wave_id = ${waveId} and wo.state in ('in_wave', 'picked')`,
  );
  const stopsByOrder = new Map<number, WalkStop[]>();
  for (const r of stops) {
    const orderId = num(r.order_id);
    const stop: WalkStop = {
      id: num(r.id),
      code: String(r.code),
      zone: String(r.zone),
      aisle: (r.aisle as string | null) ?? null,
      rack: (r.rack as string | null) ?? null,
      level: (r.level as string | null) ?? null,
      bin: (r.bin as string | null) ?? null,
      walkSequence: numOrNull(r.walk_sequence),
    };
    stopsByOrder.set(orderId, [...(stopsByOrder.get(orderId) ?? []), stop]);
  }
  return {
    mode: String(wave?.mode) as 'discrete' | 'batch' | 'cluster',
    warehouse: { aisleSpacingCm: num(wave?.aisle_spacing_cm), rackSpacingCm: num(wave?.rack_spacing_cm) },
    stopsByOrder: [...stopsByOrder.values()],
  };
}

export async function setWaveDistance(tx: Executor, waveId: number, metres: number): Promise<void> {
  await tx.execute(sql`update waves set estimated_distance_m = ${metres} where id = ${waveId}`);
}

/** A wave left with no orders ends cancelled (nothing to pick or pack); its put-back tasks stay on it. */
export async function cancelEmptyWave(tx: Executor, waveId: number, userId: number | null): Promise<void> {
  await tx.execute(sql`update waves set status = 'cancelled', cancelled_at = now(), cancelled_by = ${userId},
    updated_at = now() where id = ${waveId}`);
}

/** A wave whose remaining orders are all picked is picked. */
export async function markWaveDone(tx: Executor, waveId: number): Promise<void> {
  await tx.execute(sql`update waves set status = 'picked', picked_at = now(), updated_at = now() where id = ${waveId}`);
}
