import type { Location, LocationInput, LocationListQuery, LocationType } from '@wms/contract/locations';
import { and, asc, eq, getTableColumns, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { insertJsonRows } from '../../../db/insert-json-rows';
import { countExactly, pageOffset } from '../../../db/paging';
import { locations } from '../../../db/schema/locations';
import { containsPattern, type Page, toPage, totalOfShortPage } from '../../../http/pagination';
import { holdsStockSql, productsHeldSql, unitsHeldSql } from './location-occupancy-repository';
import { naturalSortKey } from './natural-sort-key';

type LocationRow = typeof locations.$inferSelect;

const held = {
  unitsHeld: unitsHeldSql(locations.id),
  productsHeld: productsHeldSql(locations.id),
};

export function toLocationView(row: LocationRow & { unitsHeld: number; productsHeld: number }): Location {
  return {
    id: row.id,
    warehouse_id: row.warehouseId,
    code: row.code,
    zone: row.zone,
    aisle: row.aisle,
    rack: row.rack,
    level: row.level,
    bin: row.bin,
    type: row.type as LocationType,
    walk_sequence: row.walkSequence,
    max_units: row.maxUnits,
    is_active: row.isActive,
    notes: row.notes,
    units_held: row.unitsHeld,
    products_held: row.productsHeld,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toColumns = (input: LocationInput) => ({
  code: input.code,
  sortKey: naturalSortKey(input.code),
  zone: input.zone,
  aisle: input.aisle,
  rack: input.rack,
  level: input.level,
  bin: input.bin,
  type: input.type,
  walkSequence: input.walk_sequence,
  maxUnits: input.max_units,
  isActive: input.is_active,
  notes: input.notes,
});

/** Walk order: a hand-set walk sequence first, then the code's natural order. */
const walkOrder = [sql`${locations.walkSequence} asc nulls last`, asc(locations.sortKey), asc(locations.id)];

export async function listLocations(
  db: Executor,
  warehouseId: number,
  filter: LocationListQuery,
): Promise<Page<Location>> {
  const conditions: (SQL | undefined)[] = [eq(locations.warehouseId, warehouseId)];
  if (filter.search)
    conditions.push(ilike(sql`lower(${locations.code})`, containsPattern(filter.search.toLowerCase())));
  if (filter.code) conditions.push(sql`lower(${locations.code}) = lower(${filter.code})`);
  if (filter.zone) conditions.push(eq(locations.zone, filter.zone));
  if (filter.type) conditions.push(eq(locations.type, filter.type));
  if (filter.is_active !== undefined) conditions.push(eq(locations.isActive, filter.is_active));
  if (filter.occupancy === 'empty') conditions.push(sql`not ${holdsStockSql(locations.id)}`);
  if (filter.occupancy === 'occupied') conditions.push(holdsStockSql(locations.id));
  const where = and(...conditions);
  const rows = await db
    .select({ ...getColumns(), ...held })
    .from(locations)
    .where(where)
    .orderBy(...walkOrder)
    .limit(filter.per_page)
    .offset(pageOffset(filter));
  // A short page needs no count (a scanned code: one row at most, found on the warehouse-code unique index). One
  // warehouse's locations (tens of thousands at most) are counted exactly, once per filter while it is cached.
  const total =
    totalOfShortPage(rows.length, filter) ??
    (await countExactly(db, db.select({ id: locations.id }).from(locations).where(where)));
  return toPage(rows.map(toLocationView), total, filter);
}

const getColumns = () => getTableColumns(locations);

/**
 * The warehouse's zones, in order: a loose index scan (one probe of locations_zone_idx per zone, a recursive CTE)
 * instead of DISTINCT over every location of the warehouse (100 000 index entries on every list request).
 */
export async function listZones(db: Executor, warehouseId: number): Promise<string[]> {
  const result = (await db.execute(sql`with recursive z(zone) as (
      select min(zone) from locations where warehouse_id = ${warehouseId}
      union all
      select (select min(zone) from locations where warehouse_id = ${warehouseId} and zone > z.zone)
      from z where z.zone is not null)
    select zone from z where zone is not null`)) as unknown as { rows: { zone: string }[] };
  return result.rows.map((r) => r.zone);
}

/** One location, only when its warehouse is in the caller's scope. */
export async function findLocationInScope(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ ...getColumns(), ...held })
    .from(locations)
    .where(and(eq(locations.id, id), warehouseCondition(scope, locations.warehouseId)))
    .limit(1);
  return row;
}

export async function isLocationCodeTaken(
  db: Executor,
  warehouseId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.warehouseId, warehouseId),
        sql`lower(${locations.code}) = lower(${code})`,
        exceptId ? ne(locations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The codes among `codes` the warehouse already has (case-insensitive), in walk order. */
export async function existingCodes(db: Executor, warehouseId: number, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const result = (await db.execute(sql`select l.code from locations l
    join jsonb_array_elements_text(${JSON.stringify(codes.map((c) => c.toLowerCase()))}::jsonb) as wanted(code)
      on lower(l.code) = wanted.code
    where l.warehouse_id = ${warehouseId}
    order by l.sort_key`)) as unknown as { rows: { code: string }[] };
  return result.rows.map((r) => r.code);
}

export async function insertLocation(db: Executor, warehouseId: number, input: LocationInput) {
  const [row] = await db
    .insert(locations)
    .values({ ...toColumns(input), warehouseId })
    .returning();
  return { ...row!, unitsHeld: 0, productsHeld: 0 };
}

/** Many locations in one statement (generate, import, demo data). Runs inside the caller's transaction. */
export async function insertLocations(db: Executor, warehouseId: number, inputs: readonly LocationInput[]) {
  const rows = inputs.map((input) => ({
    warehouse_id: warehouseId,
    code: input.code,
    sort_key: naturalSortKey(input.code),
    zone: input.zone,
    aisle: input.aisle,
    rack: input.rack,
    level: input.level,
    bin: input.bin,
    type: input.type,
    walk_sequence: input.walk_sequence,
    max_units: input.max_units,
    is_active: input.is_active,
    notes: input.notes,
  }));
  await insertJsonRows(db, 'locations', INSERT_COLUMNS, rows);
}

const INSERT_COLUMNS = [
  ['warehouse_id', 'integer'],
  ['code', 'text'],
  ['sort_key', 'text'],
  ['zone', 'text'],
  ['aisle', 'text'],
  ['rack', 'text'],
  ['level', 'text'],
  ['bin', 'text'],
  ['type', 'text'],
  ['walk_sequence', 'integer'],
  ['max_units', 'integer'],
  ['is_active', 'boolean'],
  ['notes', 'text'],
] as const;

export async function updateLocationRow(db: Executor, id: number, input: LocationInput) {
  const [row] = await db
    .update(locations)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(eq(locations.id, id))
    .returning({ ...getColumns(), ...held });
  return row!;
}

export async function deleteLocationRow(db: Executor, id: number): Promise<void> {
  await db.delete(locations).where(eq(locations.id, id));
}

/** Every location of a warehouse in walk order (export). */
export async function allLocations(db: Executor, warehouseId: number) {
  return db
    .select({ ...getColumns(), ...held })
    .from(locations)
    .where(eq(locations.warehouseId, warehouseId))
    .orderBy(...walkOrder);
}

/** Ids of a warehouse's active locations of one type, in walk order (the demo seed spreads stock over them). */
export async function activeLocationIdsOfType(
  db: Executor,
  warehouseId: number,
  type: LocationType,
): Promise<number[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.warehouseId, warehouseId), eq(locations.type, type), eq(locations.isActive, true)))
    .orderBy(...walkOrder);
  return rows.map((r) => r.id);
}

/** The locations to label, in walk order, within the caller's scope: by ids or by a zone of one warehouse. */
export async function locationsToLabel(
  db: Executor,
  scope: Scope,
  target: { ids: readonly number[] } | { warehouseId: number; zone: string },
  limit: number,
): Promise<{ id: number; code: string; zone: string; type: string }[]> {
  const which =
    'ids' in target
      ? inArray(locations.id, [...target.ids])
      : and(eq(locations.warehouseId, target.warehouseId), eq(locations.zone, target.zone));
  return db
    .select({ id: locations.id, code: locations.code, zone: locations.zone, type: locations.type })
    .from(locations)
    .where(and(which, warehouseCondition(scope, locations.warehouseId)))
    .orderBy(...walkOrder)
    .limit(limit);
}
