import type { Status, StatusListQuery } from '@wms/contract/statuses';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { orders } from '../../../db/schema/orders';
import { statuses, statusModules } from '../../../db/schema/statuses';
import { containsPattern } from '../../../http/pagination';

export type StatusRow = typeof statuses.$inferSelect;

export interface StatusColumns {
  name: string;
  description: string | null;
  color: string;
  isActive: boolean;
  sortOrder: number;
  audience: 'all' | 'client' | 'manager';
  lifecycle: 'open' | 'shipped' | 'cancelled';
  holdsRelease?: boolean;
}

const modulesOf = sql<string[]>`coalesce((select array_agg(m.module order by m.module) from ${statusModules} m
  where m.status_id = ${qualified(statuses.id)}), '{}')`;
const ordersCountOf = sql<number>`(select count(*)::int from ${orders} o where o.status_id = ${qualified(statuses.id)})`;

const viewColumns = {
  row: statuses,
  modules: modulesOf,
  ordersCount: ordersCountOf,
};

function toStatusView(r: { row: StatusRow; modules: string[]; ordersCount: number }): Status {
  return {
    id: r.row.id,
    name: r.row.name,
    description: r.row.description,
    color: r.row.color,
    is_active: r.row.isActive,
    sort_order: r.row.sortOrder,
    assigned_modules: r.modules ?? [],
    audience: r.row.audience,
    lifecycle: r.row.lifecycle,
    system_key: r.row.systemKey,
    holds_release: r.row.holdsRelease,
    orders_count: Number(r.ordersCount ?? 0),
    created_at: r.row.createdAt.toISOString(),
    updated_at: r.row.updatedAt.toISOString(),
  };
}

/** Every status (no paging, spec 2 §2), by sort order then name; the modules and order counts in the same query. */
export async function listStatuses(db: Executor, filter: StatusListQuery): Promise<Status[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search.toLowerCase());
    conditions.push(
      sql`(lower(${statuses.name}) like ${pattern} or lower(coalesce(${statuses.description}, '')) like ${pattern})`,
    );
  }
  if (filter.active !== undefined) conditions.push(eq(statuses.isActive, filter.active));
  if (filter.module) {
    conditions.push(
      sql`exists (select 1 from ${statusModules} m where m.status_id = ${qualified(statuses.id)} and m.module = ${filter.module})`,
    );
  }
  const rows = await db
    .select(viewColumns)
    .from(statuses)
    .where(and(...conditions))
    .orderBy(asc(statuses.sortOrder), asc(sql`lower(${statuses.name})`), asc(statuses.id));
  return rows.map(toStatusView);
}

export async function findStatusView(db: Executor, id: number): Promise<Status | undefined> {
  const [row] = await db.select(viewColumns).from(statuses).where(eq(statuses.id, id));
  return row ? toStatusView(row) : undefined;
}

export async function findStatusRow(db: Executor, id: number, forUpdate = false): Promise<StatusRow | undefined> {
  const query = db.select().from(statuses).where(eq(statuses.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function isStatusNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(sql`lower(${statuses.name}) = lower(${name})`, exceptId ? ne(statuses.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertStatus(tx: Executor, values: StatusColumns): Promise<number> {
  const [row] = await tx.insert(statuses).values(values).returning({ id: statuses.id });
  return row!.id;
}

export async function updateStatusRow(tx: Executor, id: number, values: Partial<StatusColumns>): Promise<void> {
  await tx
    .update(statuses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(statuses.id, id));
}

/** Replaces the status's module assignments with `modules`. */
export async function replaceStatusModules(tx: Executor, id: number, modules: readonly string[]): Promise<void> {
  await tx.delete(statusModules).where(eq(statusModules.statusId, id));
  if (modules.length) {
    await tx.insert(statusModules).values([...new Set(modules)].map((module) => ({ statusId: id, module })));
  }
}

export async function isStatusInUse(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.statusId, id)).limit(1);
  return Boolean(row);
}

export async function deleteStatusRow(tx: Executor, id: number): Promise<void> {
  await tx.delete(statuses).where(eq(statuses.id, id));
}
