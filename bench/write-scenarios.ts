/**
 * The write scenarios of bench/run-three-ways.ts: POST /api/orders/bulk of 50 orders and the 10 000-row
 * order import. Writes cannot be replayed as recorded: their keys (order ids, the account's external order ids)
 * are unique. So:
 *   api  — every request carries fresh external order ids (the server allocates fresh order ids itself);
 *   sql, bare — one request per concurrent worker is recorded through the API (each with its own account, hence
 *          its own stock rows and ids), then undone (orders, lines, ledger rows, reservations, activity); a replay
 *          runs that worker's statements on one connection with the final `commit` turned into `rollback`, so the
 *          same ids can be written again by the next replay of the same worker and never clash with another's.
 * Replays therefore skip the commit (cheap on the throwaway cluster with fsync=off) and the api way moves real stock
 * (reservations accumulate over the run; the replays always reserve what the recording reserved).
 */
import * as XLSX from '@e965/xlsx';
import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import type pg from 'pg';
import type { Statement } from '../apps/server/test/support/statement-recorder';

export type { Statement };

export const BULK_ORDERS = 50;
const LINES_PER_ORDER = 3;
export const IMPORT_ROWS = 10_000;
const IMPORT_LINES_PER_ORDER = 5;

/** A linked, active (account, warehouse) pair of the bench data and some of its stocked products. */
export interface Tenant {
  accountId: number;
  accountName: string;
  warehouseId: number;
  productIds: number[];
  skus: string[];
}

/** `count` tenants with distinct accounts (so concurrent writers lock distinct stock rows), 100 products each. */
export async function benchTenants(pool: pg.Pool, count: number): Promise<Tenant[]> {
  const { rows } = await pool.query<{ account_id: number; name: string; warehouse_id: number }>(
    `select distinct on (a.id) a.id as account_id, a.name, aw.warehouse_id
     from accounts a join account_warehouses aw on aw.account_id = a.id
     where a.status = 'active' and a.name like 'Bench Account %' order by a.id, aw.warehouse_id limit $1`,
    [count],
  );
  return Promise.all(
    rows.map(async (r) => {
      const stock = await pool.query<{ product_id: number; sku: string }>(
        `select i.product_id, p.sku from inventories i join products p on p.id = i.product_id
         where i.account_id = $1 and i.warehouse_id = $2 order by i.id limit 100`,
        [r.account_id, r.warehouse_id],
      );
      return {
        accountId: r.account_id,
        accountName: r.name,
        warehouseId: r.warehouse_id,
        productIds: stock.rows.map((s) => s.product_id),
        skus: stock.rows.map((s) => s.sku),
      };
    }),
  );
}

/** The body of POST /orders/bulk: 50 orders of 3 distinct products each, external ids `${prefix}-n`. */
export function bulkBody(tenant: Tenant, prefix: string): string {
  const orders = Array.from({ length: BULK_ORDERS }, (_, n) => ({
    account_id: tenant.accountId,
    customer_name: `Bench Customer ${n}`,
    ship_date: '2026-12-01',
    order_id: `${prefix}-${n}`,
    notes: null,
    products: Array.from({ length: LINES_PER_ORDER }, (_, k) => ({
      product_id: tenant.productIds[(n * LINES_PER_ORDER + k) % tenant.productIds.length]!,
      quantity: 1 + (k % 2),
    })),
  }));
  return JSON.stringify({ warehouse_id: tenant.warehouseId, orders });
}

/** A 10 000-row xlsx (2 000 orders of 5 lines) as a multipart body, as bench/order-import.ts builds it. */
export function importUpload(tenant: Tenant, prefix: string): { body: Buffer; contentType: string } {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const order = Math.floor(i / IMPORT_LINES_PER_ORDER);
    return [
      tenant.accountName,
      `${prefix}-${order}`,
      `Customer ${order}`,
      '2026-12-01',
      '',
      tenant.skus[(i * 7) % tenant.skus.length]!,
      1 + (i % 3),
      '',
    ];
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([ORDER_IMPORT_COLUMNS.map((c) => c.label), ...rows]),
    'Orders',
  );
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  const boundary = `----bench-${prefix}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="warehouse_id"\r\n\r\n${tenant.warehouseId}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Removes what a recorded request wrote for the orders whose external id starts with `prefix`: reservations given
 * back to the stock rows, their ledger rows, the activity written since `activityAfter`, the orders (lines cascade).
 */
export async function undoOrders(pool: pg.Pool, prefix: string, activityAfter: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: number }>('select id from orders where order_id like $1', [
      `${prefix}-%`,
    ]);
    const ids = rows.map((r) => r.id);
    await client.query(
      `update inventories i set quantity_reserved = i.quantity_reserved - m.reserved
       from (select inventory_id, sum(reserved_delta)::int as reserved from inventory_movements
             where reference_type = 'order' and reference_id = any($1::int[]) group by inventory_id) m
       where i.id = m.inventory_id`,
      [ids],
    );
    await client.query(
      `delete from inventory_movements where reference_type = 'order' and reference_id = any($1::int[])`,
      [ids],
    );
    await client.query('delete from activity where id > $1', [activityAfter]);
    await client.query('delete from orders where id = any($1::int[])', [ids]);
    await client.query('commit');
    return ids.length;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Last activity id: what the recordings add after it is removed with them. */
export async function lastActivityId(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('select coalesce(max(id), 0)::int as id from activity');
  return rows[0]!.id;
}

/** One recorded request on one connection, its `commit` turned into `rollback`: nothing stays written. */
export async function replayRolledBack(pool: pg.Pool, statements: readonly Statement[]): Promise<unknown> {
  const client = await pool.connect();
  let last: unknown;
  try {
    for (const s of statements) {
      last = (await client.query(s.sql === 'commit' ? 'rollback' : s.sql, s.params)).rows;
    }
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  return last;
}

/** Hands each concurrent caller a recording no other caller is replaying at the same time. */
export class RecordingSlots {
  private readonly free: number[];
  constructor(private readonly recordings: readonly (readonly Statement[])[]) {
    this.free = recordings.map((_, i) => i);
  }
  async use<T>(work: (statements: readonly Statement[]) => Promise<T>): Promise<T> {
    const slot = this.free.pop();
    if (slot === undefined) throw new Error('more concurrent replays than recordings');
    try {
      return await work(this.recordings[slot]!);
    } finally {
      this.free.push(slot);
    }
  }
}

/**
 * Resolves once no other session of the database is running a statement or holds a transaction open, three polls
 * in a row: requests autocannon abandoned at the end of a run still finish (and commit) in the server.
 */
export async function waitForQuiet(pool: pg.Pool): Promise<void> {
  for (let quiet = 0; quiet < 3; ) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database()
       and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
    );
    quiet = rows[0]!.n === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
