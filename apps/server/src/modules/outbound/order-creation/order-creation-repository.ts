import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { anyId } from '../../../db/id-array';
import { insertJsonRows } from '../../../db/insert-json-rows';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { shippers } from '../../../db/schema/shippers';
import { statuses } from '../../../db/schema/statuses';
import { warehouses } from '../../../db/schema/warehouses';

/** SQL of order creation: every read is one query for the whole request (bulk create and import of thousands). */

export interface AccountReach {
  id: number;
  name: string;
  active: boolean;
  warehouseIds: Set<number>;
}

/** The accounts among `ids` that the caller reaches, with the warehouses they are linked to. */
export async function findAccountsInScope(tx: Executor, scope: Scope, ids: readonly number[]) {
  const result = new Map<number, AccountReach>();
  if (ids.length === 0) return result;
  const rows = await tx
    .select({
      id: accounts.id,
      name: accounts.name,
      status: accounts.status,
      warehouseId: accountWarehouses.warehouseId,
    })
    .from(accounts)
    .leftJoin(accountWarehouses, eq(accountWarehouses.accountId, accounts.id))
    .where(and(inArray(accounts.id, [...new Set(ids)]), accountCondition(scope, accounts.id)));
  for (const row of rows) {
    const reach = result.get(row.id) ?? {
      id: row.id,
      name: row.name,
      active: row.status === 'active',
      warehouseIds: new Set<number>(),
    };
    if (row.warehouseId !== null) reach.warehouseIds.add(row.warehouseId);
    result.set(row.id, reach);
  }
  return result;
}

export async function findWarehouses(tx: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; isActive: boolean }>();
  const rows = await tx
    .select({ id: warehouses.id, name: warehouses.name, isActive: warehouses.isActive })
    .from(warehouses)
    .where(inArray(warehouses.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findActiveShipperIds(tx: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: shippers.id })
    .from(shippers)
    .where(and(inArray(shippers.id, [...new Set(ids)]), eq(shippers.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

export interface ProductFacts {
  id: number;
  accountId: number;
  sku: string;
  name: string;
}

export async function findProducts(tx: Executor, ids: readonly number[]): Promise<Map<number, ProductFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, accountId: products.accountId, sku: products.sku, name: products.name })
    .from(products)
    .where(anyId(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export const externalKey = (accountId: number, externalOrderId: string) => `${accountId}:${externalOrderId}`;

/** Which (account, external order id) pairs already have an order. */
export async function findExistingExternalIds(
  tx: Executor,
  pairs: readonly { accountId: number; externalOrderId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  // The pairs travel as one JSON parameter joined to the unique index, not as a `(a, b) in ((…), …)` list: besides
  // thousands of bound parameters, that list made embedded PGlite fail at COMMIT ("bad buffer ID: 0", then a
  // WebAssembly abort after the commit) once it held about 300 pairs — an import answered 500 yet was written.
  const keys = JSON.stringify(pairs.map((p) => ({ account_id: p.accountId, order_id: p.externalOrderId })));
  const result = (await tx.execute(sql`select o.account_id, o.order_id from ${orders} o
    join jsonb_to_recordset(${keys}::jsonb) as k(account_id int, order_id text)
      on o.account_id = k.account_id and o.order_id = k.order_id`)) as unknown as {
    rows: { account_id: number; order_id: string }[];
  };
  const found = new Set<string>();
  for (const row of result.rows) found.add(externalKey(row.account_id, row.order_id));
  return found;
}

/** The status new orders get: the rules' 'pending' (renamable, never deletable). */
export async function findPendingStatus(tx: Executor) {
  const [row] = await tx
    .select({ id: statuses.id, name: statuses.name, lifecycle: statuses.lifecycle })
    .from(statuses)
    .where(eq(statuses.systemKey, 'pending'))
    .limit(1);
  if (!row) throw new Error('The pending order status is missing (reference data not loaded)');
  return row;
}

/** Takes `count` order ids from the orders sequence, so order numbers can be derived from them in one insert. */
export async function allocateOrderIds(tx: Executor, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** Readable and unique: derived from the order's id (ORD-000123). */
export const orderNumberFor = (id: number) => `ORD-${String(id).padStart(6, '0')}`;

const CHUNK = 5000;

/**
 * Inserts the orders; a pair (account, external id) that another request inserted meanwhile is skipped, not an
 * error, so the caller can name the field instead of failing on the unique index. Answers the inserted ids.
 */
export async function insertOrders(tx: Executor, rows: NewOrderRow[]): Promise<Set<number>> {
  const inserted = new Set<number>();
  for (let start = 0; start < rows.length; start += CHUNK) {
    const done = await insertJsonRows<{ id: number }>(
      tx,
      'orders',
      [
        ['id', 'int'],
        ['order_number', 'text'],
        ['order_id', 'text'],
        ['account_id', 'int'],
        ['warehouse_id', 'int'],
        ['shipper_id', 'int'],
        ['user_id', 'int'],
        ['status_id', 'int'],
        ['lifecycle', 'text'],
        ['customer_name', 'text'],
        ['ship_date', 'date'],
        ['notes', 'text'],
        ['priority', 'text'],
      ],
      rows.slice(start, start + CHUNK).map((r) => ({
        id: r.id,
        order_number: r.orderNumber,
        order_id: r.externalOrderId,
        account_id: r.accountId,
        warehouse_id: r.warehouseId,
        shipper_id: r.shipperId,
        user_id: r.userId,
        status_id: r.statusId,
        lifecycle: r.lifecycle,
        customer_name: r.customerName,
        ship_date: r.shipDate,
        notes: r.notes,
        priority: r.priority,
      })),
      sql`on conflict (account_id, order_id) do nothing returning id`,
    );
    for (const row of done) inserted.add(Number(row.id));
  }
  return inserted;
}

export interface NewOrderRow {
  id: number;
  orderNumber: string;
  externalOrderId: string;
  accountId: number;
  warehouseId: number;
  shipperId: number | null;
  userId: number;
  statusId: number;
  lifecycle: string;
  customerName: string;
  shipDate: string | null;
  notes: string | null;
  priority: 'normal' | 'urgent';
}

export interface NewOrderItemRow {
  orderId: number;
  productId: number;
  inventoryId: number | null;
  quantity: number;
  quantityReserved: number;
  /** A bundle's component line: the bundle and how many of it were ordered. */
  kit?: { productId: number; quantity: number } | null;
}

export async function insertOrderItems(tx: Executor, rows: NewOrderItemRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insertJsonRows(
      tx,
      'order_items',
      [
        ['order_id', 'int'],
        ['product_id', 'int'],
        ['inventory_id', 'int'],
        ['quantity', 'int'],
        ['quantity_reserved', 'int'],
        ['kit_product_id', 'int'],
        ['kit_quantity', 'int'],
      ],
      rows.slice(start, start + CHUNK).map((r) => ({
        order_id: r.orderId,
        product_id: r.productId,
        inventory_id: r.inventoryId,
        quantity: r.quantity,
        quantity_reserved: r.quantityReserved,
        kit_product_id: r.kit?.productId ?? null,
        kit_quantity: r.kit?.quantity ?? null,
      })),
    );
  }
}
