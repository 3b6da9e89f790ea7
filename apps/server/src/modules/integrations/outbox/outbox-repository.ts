import type { ShippedCarton } from '@wms/contract/packing';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { insertJsonRows } from '../../../db/insert-json-rows';

/** One outbox row to write: the event type, whose it is, its payload, and the key a newer event replaces it by. */
export interface OutboxRow {
  type: string;
  accountId: number;
  warehouseId: number | null;
  payload: Record<string, unknown>;
  coalesceKey: string | null;
}

const INSERT_CHUNK = 5000;

/** Writes outbox rows in the caller's transaction: one multi-row INSERT per chunk (bulk order creation). */
export async function insertOutboxRows(db: Executor, rows: readonly OutboxRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insertJsonRows(
      db,
      'webhook_events',
      [
        ['type', 'text'],
        ['account_id', 'int'],
        ['warehouse_id', 'int'],
        ['payload', 'jsonb'],
        ['coalesce_key', 'text'],
      ],
      rows.slice(start, start + INSERT_CHUNK).map((row) => ({
        type: row.type,
        account_id: row.accountId,
        warehouse_id: row.warehouseId,
        payload: row.payload,
        coalesce_key: row.coalesceKey,
      })),
    );
  }
}

export interface OrderShippingFacts {
  orderId: number;
  lifecycle: 'open' | 'shipped' | 'cancelled';
  /** The lifecycle of the status the order came from (by its name, as the activity event names it). */
  fromLifecycle: string | null;
  /** The order's shipper. */
  carrier: string | null;
  trackingNumbers: string[];
  /** The carrier each tracking number's label or item names (null when it names none), index for index. */
  trackingCarriers: (string | null)[];
  /** Its shipped cartons (packing station), with their units and lots. */
  cartons: ShippedCarton[];
}

/**
 * What the order webhook events say beyond the activity event: the order's lifecycle now and before, its carrier
 * and tracking numbers (labels first, then items) with the carrier each names, read in the change's transaction, so they are what it committed.
 */
export async function orderShippingFacts(
  db: Executor,
  changes: readonly { orderId: number; fromStatus: string }[],
): Promise<Map<number, OrderShippingFacts>> {
  if (changes.length === 0) return new Map();
  const values = sql.join(
    changes.map((c) => sql`(${c.orderId}::int, ${c.fromStatus}::text)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select o.id as "orderId", o.lifecycle,
      (select s.lifecycle from statuses s where lower(s.name) = lower(c.from_status) order by s.id limit 1)
        as "fromLifecycle",
      sh.name as carrier,
      coalesce(t.numbers, '{}') as "trackingNumbers",
      coalesce(t.carriers, '{}') as "trackingCarriers",
      coalesce((select json_agg(json_build_object('sscc', k.sscc, 'weight_g', k.weight_g, 'length_mm', k.length_mm,
          'width_mm', k.width_mm, 'height_mm', k.height_mm, 'carrier', k.carrier, 'tracking_number', k.tracking_number,
          'items', coalesce((select json_agg(json_build_object('sku', p.sku, 'quantity', ci.quantity, 'lot', il.lot_code)
              order by ci.order_item_id, ci.lot_id)
            from carton_items ci join order_items oi on oi.id = ci.order_item_id join products p on p.id = oi.product_id
            left join inventory_lots il on il.id = ci.lot_id where ci.carton_id = k.id), '[]'::json))
          order by k.number)
        from cartons k where k.order_id = o.id and k.status = 'shipped'), '[]'::json) as cartons
    from (values ${values}) as c(order_id, from_status)
    join orders o on o.id = c.order_id
    left join shippers sh on sh.id = o.shipper_id
    left join lateral (
      select array_agg(x.tracking_number order by x.sort, x.id) as numbers,
        array_agg(x.carrier order by x.sort, x.id) as carriers
      from (
        select l.tracking_number, l.carrier, 0 as sort, l.id from shipment_labels l
          where l.order_id = o.id and l.tracking_number is not null and l.tracking_number <> ''
        union all
        select i.tracking_number, i.carrier, 1 as sort, i.id from order_items i
          where i.order_id = o.id and i.tracking_number is not null and i.tracking_number <> ''
      ) x
    ) t on true`)) as unknown as { rows: OrderShippingFacts[] };
  return new Map(result.rows.map((row) => [row.orderId, row]));
}
