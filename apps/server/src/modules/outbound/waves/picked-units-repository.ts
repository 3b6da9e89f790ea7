import { STAGING_LOCATION_CODE } from '@wms/contract/waves';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** The SQL of what picking brought to the packing bench for one order, and of the order leaving its wave shipped. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Units of one order line picked in one lot (or none) from one inventory row, lying on the staging location. */
export interface PickedUnits {
  orderItemId: number;
  inventoryId: number;
  lotId: number | null;
  lotCode: string | null;
  quantity: number;
  /** The warehouse's staging location (CARTS), where picking put them; null if it was never created. */
  stagingLocationId: number | null;
}

/** The picked units of the order's live wave (in_wave or picked), per line, inventory row and lot. */
export async function pickedUnitsOfOrder(db: Executor, orderId: number): Promise<PickedUnits[]> {
  const rows = await rowsOf(
    db,
    sql`select pto.order_item_id, t.inventory_id, t.lot_id, l.lot_code, sum(pto.quantity_picked)::int as quantity,
        (select c.id from locations c where c.warehouse_id = t.warehouse_id
          and lower(c.code) = lower(${STAGING_LOCATION_CODE})) as staging_id
      from wave_orders wo
      join pick_tasks t on t.wave_id = wo.wave_id and t.kind = 'pick'
      join pick_task_orders pto on pto.task_id = t.id and pto.order_id = wo.order_id
      left join inventory_lots l on l.id = t.lot_id
      where wo.order_id = ${orderId} and wo.state in ('in_wave', 'picked') and pto.quantity_picked > 0
      group by pto.order_item_id, t.inventory_id, t.lot_id, l.lot_code, t.warehouse_id
      order by pto.order_item_id, t.lot_id nulls first`,
  );
  return rows.map((r) => ({
    orderItemId: Number(r.order_item_id),
    inventoryId: Number(r.inventory_id),
    lotId: numOrNull(r.lot_id),
    lotCode: r.lot_code === null || r.lot_code === undefined ? null : String(r.lot_code),
    quantity: Number(r.quantity),
    stagingLocationId: numOrNull(r.staging_id),
  }));
}

/** The order left its live wave shipped: its backorder may join a later wave. */
export async function markOrderShippedInWave(tx: Executor, orderId: number): Promise<void> {
  await tx.execute(sql`update wave_orders set state = 'shipped'
    where order_id = ${orderId} and state in ('in_wave', 'picked')`);
}
