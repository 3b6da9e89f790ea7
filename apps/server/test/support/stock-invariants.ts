import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The stock invariants (DESIGN §6, §10), recounted from scratch; each list holds the rows that break one:
 * - locations: Σ location_stock ≠ quantity_on_hand of an inventory row;
 * - quarantine: Σ location stock in quarantine locations ≠ quantity_quarantined;
 * - ledger: on hand or reserved ≠ the sums of the row's ledger;
 * - ledgerLocations: a (row, location, lot)'s stock ≠ Σ location_delta of its ledger rows;
 * - reservations: reserved < what the open orders' lines hold (order_items.quantity_reserved); not ≠, because staff
 *   may also reserve by hand (the inventory form's reserved field, a `reserved` adjustment) without an order;
 * - foreignLocation: stock lying in a location of another warehouse than its row's;
 * - shipmentReceipts: a shipment line's quantity_received (none while pending or rejected: 0) ≠ Σ on_hand_delta of the
 *   ledger's `receipt` rows of its shipment and product (a shipment names each product once, so that is the line's
 *   receipt, over all its put-away places);
 * - allocations: a (row, location, lot)'s allocated units ≠ what its open pick tasks still hold (quantity − quantity_picked
 *   of pick tasks open or skipped) plus its live replenishment tasks (their source's units) plus its open kit work
 *   orders' allocations.
 */
export async function stockInvariantBreaches(db: Executor) {
  const query = async (statement: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await db.execute(statement));
  return {
    locations: await query(sql`
      select i.id, i.quantity_on_hand, coalesce(s.units, 0)::int as in_locations
      from inventories i left join (select inventory_id, sum(quantity) as units from location_stock group by 1) s
        on s.inventory_id = i.id
      where i.quantity_on_hand <> coalesce(s.units, 0)`),
    quarantine: await query(sql`
      select i.id, i.quantity_quarantined, coalesce(s.units, 0)::int as in_quarantine
      from inventories i left join (
        select ls.inventory_id, sum(ls.quantity) as units from location_stock ls
        join locations l on l.id = ls.location_id where l.type = 'quarantine' group by 1) s on s.inventory_id = i.id
      where i.quantity_quarantined <> coalesce(s.units, 0)`),
    ledger: await query(sql`
      select i.id from inventories i
      left join (select inventory_id, sum(on_hand_delta) as on_hand, sum(reserved_delta) as reserved
        from inventory_movements group by inventory_id) m on m.inventory_id = i.id
      where i.quantity_on_hand <> coalesce(m.on_hand, 0) or i.quantity_reserved <> coalesce(m.reserved, 0)`),
    ledgerLocations: await query(sql`
      select coalesce(s.inventory_id, m.inventory_id) as inventory_id, coalesce(s.location_id, m.location_id) as location_id,
        coalesce(s.quantity, 0)::int as stock, coalesce(m.units, 0)::int as ledger
      from (select inventory_id, location_id, lot_id, quantity from location_stock) s
      full join (select inventory_id, location_id, lot_id, sum(location_delta) as units from inventory_movements
        where location_id is not null and inventory_id is not null group by 1, 2, 3) m
        on m.inventory_id = s.inventory_id and m.location_id = s.location_id and m.lot_id is not distinct from s.lot_id
      where coalesce(s.quantity, 0) <> coalesce(m.units, 0)`),
    reservations: await query(sql`
      select i.id, i.quantity_reserved, coalesce(h.held, 0)::int as held_by_orders
      from inventories i left join (
        select oi.inventory_id, sum(oi.quantity_reserved) as held from order_items oi
        join orders o on o.id = oi.order_id where o.lifecycle = 'open' and oi.inventory_id is not null group by 1) h
        on h.inventory_id = i.id
      where i.quantity_reserved < coalesce(h.held, 0)`),
    foreignLocation: await query(sql`
      select ls.inventory_id, ls.location_id from location_stock ls
      join inventories i on i.id = ls.inventory_id join locations l on l.id = ls.location_id
      where l.warehouse_id <> i.warehouse_id`),
    shipmentReceipts: await query(sql`
      select sl.id as line_id, sl.shipment_id, coalesce(sl.quantity_received, 0)::int as received,
        coalesce(m.units, 0)::int as in_ledger
      from shipment_lines sl left join (
        select reference_id, product_id, sum(on_hand_delta) as units from inventory_movements
        where type = 'receipt' and reference_type = 'shipment' group by 1, 2) m
        on m.reference_id = sl.shipment_id and m.product_id = sl.product_id
      where coalesce(sl.quantity_received, 0) <> coalesce(m.units, 0)`),
    allocations: await query(sql`
      select coalesce(a.inventory_id, t.inventory_id) as inventory_id, coalesce(a.location_id, t.location_id) as location_id,
        coalesce(a.allocated, 0)::int as allocated, coalesce(t.held, 0)::int as held_by_tasks
      from (select inventory_id, location_id, lot_id, quantity_allocated as allocated from location_stock
        where quantity_allocated > 0) a
      full join (select inventory_id, location_id, lot_id, sum(held) as held from (
          select inventory_id, location_id, lot_id, quantity - quantity_picked as held from pick_tasks
          where kind = 'pick' and status in ('open', 'skipped')
          union all
          select inventory_id, source_location_id, lot_id, quantity from replenishment_tasks
          where status in ('open', 'in_progress')
          union all
          select a.inventory_id, a.location_id, a.lot_id, a.quantity from kit_work_order_allocations a
          join kit_work_orders o on o.id = a.work_order_id where o.status = 'open') h group by 1, 2, 3) t
        on t.inventory_id = a.inventory_id and t.location_id = a.location_id and t.lot_id is not distinct from a.lot_id
      where coalesce(a.allocated, 0) <> coalesce(t.held, 0)`),
  };
}

/** Throws, listing every breach, unless all stock invariants hold. */
export async function assertStockInvariants(db: Executor): Promise<void> {
  const breaches = await stockInvariantBreaches(db);
  const broken = Object.entries(breaches).filter(([, rows]) => rows.length > 0);
  if (broken.length > 0) {
    throw new Error(`Stock invariants broken: ${JSON.stringify(Object.fromEntries(broken))}`);
  }
}
