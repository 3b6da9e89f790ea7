import type { Warehouse, WarehouseSummary } from '@wms/contract/entities';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, warehouseCondition } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/qualified';
import { warehouses } from '../../db/schema/warehouses';
import { containsPattern, type Page, type PageRequest, pageOffset, toPage } from '../../http/pagination';

export type WarehouseListItem = Warehouse & { users_count: number };

export interface WarehouseListFilter extends PageRequest {
  search?: string;
  is_active?: boolean;
}

const usersCount = sql<number>`(select count(*)::int from warehouse_users wu where wu.warehouse_id = ${qualified(warehouses.id)})`;

export function toWarehouseView(w: typeof warehouses.$inferSelect): Warehouse {
  return {
    id: w.id,
    name: w.name,
    code: w.code,
    address: w.address,
    city: w.city,
    state: w.state,
    zip_code: w.zipCode,
    country: w.country,
    phone: w.phone,
    email: w.email,
    manager_name: w.managerName,
    is_active: w.isActive,
    notes: w.notes,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export async function listWarehouses(
  db: Executor,
  scope: Scope,
  filter: WarehouseListFilter,
): Promise<Page<WarehouseListItem>> {
  const conditions: (SQL | undefined)[] = [warehouseCondition(scope, warehouses.id)];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(warehouses.name, pattern), ilike(warehouses.code, pattern), ilike(warehouses.city, pattern)),
    );
  }
  if (filter.is_active !== undefined) conditions.push(eq(warehouses.isActive, filter.is_active));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ warehouse: warehouses, usersCount })
      .from(warehouses)
      .where(where)
      .orderBy(asc(warehouses.name), asc(warehouses.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db.select({ total: count() }).from(warehouses).where(where),
  ]);
  const data = rows.map((row) => ({ ...toWarehouseView(row.warehouse), users_count: Number(row.usersCount) }));
  return toPage(data, totals?.total ?? 0, filter);
}

export async function listActiveWarehouses(db: Executor, scope: Scope): Promise<Warehouse[]> {
  const rows = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.isActive, true), warehouseCondition(scope, warehouses.id)))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
  return rows.map(toWarehouseView);
}

/** The public list the registration form offers: active warehouses, identifying fields only. */
export async function listPublicWarehouses(db: Executor): Promise<WarehouseSummary[]> {
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      code: warehouses.code,
      city: warehouses.city,
      state: warehouses.state,
    })
    .from(warehouses)
    .where(eq(warehouses.isActive, true))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}
