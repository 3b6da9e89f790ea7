import { type CartonType, CUSTOM_CARTON_TYPE_NAME } from '@wms/contract/packing';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** Gives a warehouse its Custom carton type unless it has it (the unique index on the custom type decides). */
export async function insertCustomCartonType(tx: Executor, warehouseId: number): Promise<void> {
  await tx.execute(sql`insert into carton_types (warehouse_id, name, is_custom)
    values (${warehouseId}, ${CUSTOM_CARTON_TYPE_NAME}, true) on conflict do nothing`);
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toCartonType = (r: Row): CartonType => ({
  id: Number(r.id),
  warehouse_id: Number(r.warehouse_id),
  name: String(r.name),
  is_custom: Boolean(r.is_custom),
  length_mm: numOrNull(r.length_mm),
  width_mm: numOrNull(r.width_mm),
  height_mm: numOrNull(r.height_mm),
  tare_weight_g: Number(r.tare_weight_g),
  active: Boolean(r.active),
});

const columns = sql`id, warehouse_id, name, is_custom, length_mm, width_mm, height_mm, tare_weight_g, active`;

/** The warehouse's carton types: Custom first, then by name. */
export async function listCartonTypes(db: Executor, warehouseId: number, includeInactive: boolean) {
  const rows = await rowsOf(
    db,
    sql`select ${columns} from carton_types where warehouse_id = ${warehouseId}
      ${includeInactive ? sql`` : sql`and active`} order by is_custom desc, lower(name), id`,
  );
  return rows.map(toCartonType);
}

export async function findCartonType(db: Executor, id: number): Promise<CartonType | undefined> {
  const [r] = await rowsOf(db, sql`select ${columns} from carton_types where id = ${id}`);
  return r ? toCartonType(r) : undefined;
}

export async function customCartonTypeOf(db: Executor, warehouseId: number): Promise<CartonType | undefined> {
  const [r] = await rowsOf(
    db,
    sql`select ${columns} from carton_types where warehouse_id = ${warehouseId} and is_custom`,
  );
  return r ? toCartonType(r) : undefined;
}

/** The type of the order's newest carton, while it is still active (a packer keeps using one box size). */
export async function lastUsedCartonType(db: Executor, orderId: number): Promise<CartonType | undefined> {
  const [r] = await rowsOf(
    db,
    sql`select ${sql.raw('t.id, t.warehouse_id, t.name, t.is_custom, t.length_mm, t.width_mm, t.height_mm, t.tare_weight_g, t.active')}
      from cartons c join carton_types t on t.id = c.carton_type_id
      where c.order_id = ${orderId} and t.active order by c.number desc limit 1`,
  );
  return r ? toCartonType(r) : undefined;
}

export interface CartonTypeValues {
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  tareWeightG: number;
  active?: boolean;
}

export async function insertCartonType(tx: Executor, warehouseId: number, v: CartonTypeValues): Promise<CartonType> {
  const [r] = await rowsOf(
    tx,
    sql`insert into carton_types (warehouse_id, name, length_mm, width_mm, height_mm, tare_weight_g)
      values (${warehouseId}, ${v.name}, ${v.lengthMm}, ${v.widthMm}, ${v.heightMm}, ${v.tareWeightG})
      returning ${columns}`,
  );
  return toCartonType(r!);
}

export async function updateCartonType(tx: Executor, id: number, v: CartonTypeValues): Promise<CartonType> {
  const [r] = await rowsOf(
    tx,
    sql`update carton_types set name = ${v.name}, length_mm = ${v.lengthMm}, width_mm = ${v.widthMm},
        height_mm = ${v.heightMm}, tare_weight_g = ${v.tareWeightG}, active = coalesce(${v.active ?? null}, active),
        updated_at = now()
      where id = ${id} and not is_custom returning ${columns}`,
  );
  return toCartonType(r!);
}

export async function isCartonTypeUsed(db: Executor, id: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from cartons where carton_type_id = ${id} limit 1`);
  return rows.length > 0;
}

export async function deactivateCartonType(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`update carton_types set active = false, updated_at = now() where id = ${id} and not is_custom`);
}

export async function deleteCartonType(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`delete from carton_types where id = ${id} and not is_custom`);
}
