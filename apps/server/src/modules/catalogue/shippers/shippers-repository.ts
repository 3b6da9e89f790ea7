import type { Shipper, ShipperInput, ShipperListQuery } from '@wms/contract/shippers';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { shippers } from '../../../db/schema/shippers';
import { containsPattern, type Page, toPage } from '../../../http/pagination';

export function toShipperView(row: typeof shippers.$inferSelect): Shipper {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    website: row.website,
    is_active: row.isActive,
    tracking_url: row.trackingUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toColumns = (input: ShipperInput) => ({
  name: input.name,
  code: input.code,
  description: input.description,
  website: input.website,
  isActive: input.is_active,
  trackingUrl: input.tracking_url,
});

export async function listShippers(db: Executor, filter: ShipperListQuery): Promise<Page<Shipper>> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(shippers.name, pattern), ilike(shippers.code, pattern), ilike(shippers.description, pattern)),
    );
  }
  if (filter.is_active !== undefined) conditions.push(eq(shippers.isActive, filter.is_active));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(shippers)
      .where(where)
      .orderBy(asc(shippers.name), asc(shippers.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db.select({ total: count() }).from(shippers).where(where),
  ]);
  return toPage(rows.map(toShipperView), totals?.total ?? 0, filter);
}

export async function findShipper(db: Executor, id: number) {
  const [row] = await db.select().from(shippers).where(eq(shippers.id, id)).limit(1);
  return row;
}

export async function isShipperCodeTaken(db: Executor, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shippers.id })
    .from(shippers)
    .where(and(sql`lower(${shippers.code}) = lower(${code})`, exceptId ? ne(shippers.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertShipper(db: Executor, input: ShipperInput) {
  const [row] = await db.insert(shippers).values(toColumns(input)).returning();
  return row!;
}

export async function updateShipperRow(db: Executor, id: number, input: ShipperInput) {
  const [row] = await db
    .update(shippers)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(eq(shippers.id, id))
    .returning();
  return row!;
}

export async function deleteShipperRow(db: Executor, id: number): Promise<void> {
  await db.delete(shippers).where(eq(shippers.id, id));
}
