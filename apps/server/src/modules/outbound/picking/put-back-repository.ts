import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** The SQL of put-back tasks: units of a cancelled wave (or a removed order) going back from the cart to a bin. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * "Get work" when no released wave waits: the oldest finished wave (cancelled, or picked after an order left it) with
 * put-back tasks nobody else claimed — the caller's own first — its open put-backs claimed for the caller. The wave
 * row is locked with SKIP LOCKED so two pickers asking at once get different waves (a live wave's put-backs are at
 * the end of its own picker's route, so they are not handed out here).
 */
export async function claimPutBackWave(tx: Executor, warehouseId: number, userId: number): Promise<number | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`select w.id from waves w
      where w.warehouse_id = ${warehouseId} and w.status in ('cancelled', 'picked')
        and exists (select 1 from pick_tasks t where t.wave_id = w.id and t.kind = 'put_back' and t.status = 'open'
          and (t.assignee_id is null or t.assignee_id = ${userId}))
      order by exists (select 1 from pick_tasks t where t.wave_id = w.id and t.kind = 'put_back'
          and t.status = 'open' and t.assignee_id = ${userId}) desc, w.id
      limit 1 for update of w skip locked`,
  );
  if (!row) return undefined;
  const waveId = Number(row.id);
  await tx.execute(sql`update pick_tasks set assignee_id = ${userId}, updated_at = now()
    where wave_id = ${waveId} and kind = 'put_back' and status = 'open' and assignee_id is null`);
  return waveId;
}

/** A location of the warehouse by its code (any case), with what decides whether it may take put-back units. */
export async function locationByCode(db: Executor, warehouseId: number, code: string) {
  const [r] = await rowsOf(
    db,
    sql`select id, code, type, is_active, hospital_since is not null as in_hospital from locations
      where warehouse_id = ${warehouseId} and lower(code) = lower(${code.trim()})`,
  );
  return r
    ? {
        id: Number(r.id),
        code: String(r.code),
        type: String(r.type),
        active: Boolean(r.is_active),
        inHospital: Boolean(r.in_hospital),
      }
    : undefined;
}

/** The put-back is done: its units went back, to the task's bin or the one the picker chose (`locationId`). */
export async function finishPutBack(
  tx: Executor,
  task: { id: number; quantity: number; locationId: number; userId: number },
): Promise<void> {
  await tx.execute(sql`update pick_tasks set status = 'done', quantity_picked = ${task.quantity},
      location_id = ${task.locationId}, picked_by = ${task.userId}, assignee_id = coalesce(assignee_id, ${task.userId}),
      picked_at = now(), updated_at = now()
    where id = ${task.id}`);
}
