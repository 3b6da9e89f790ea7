import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** The SQL of the packing station: the order as the bench sees it, cartons and their units, sessions, SSCC serials. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

export interface PackOrderFacts {
  id: number;
  orderNumber: string;
  externalId: string;
  status: string;
  lifecycle: string;
  accountId: number;
  warehouseId: number;
  requireLabel: boolean;
  allowPartialShipment: boolean;
  accountPrefix: string | null;
  hasLabel: boolean;
  carrier: string | null;
  trackingNumber: string | null;
  wave: { id: number; number: string; slot: number; tote: string | null; state: string; mode: string } | null;
}

/**
 * The order's header for the bench: its account's packing settings, whether a shipping label is uploaded (and the
 * carrier and tracking number the newest one gives, else the shipper's name), and its wave — the live one, or the
 * one it shipped from.
 */
const factsColumns = sql`o.id, o.order_number, o.order_id as external_id, s.name as status, o.lifecycle, o.account_id,
    o.warehouse_id, a.require_label, a.allow_partial_shipment, a.gs1_company_prefix,
    lbl.id as label_id, coalesce(lbl.carrier, sh.name) as carrier, lbl.tracking_number,
    w.id as wave_id, w.number as wave_number, w.mode as wave_mode, wo.position, wo.tote, wo.state as wave_state`;

const factsFrom = sql`from orders o
  join statuses s on s.id = o.status_id
  join accounts a on a.id = o.account_id
  left join shippers sh on sh.id = o.shipper_id
  left join lateral (select l.id, nullif(l.carrier, '') as carrier, nullif(l.tracking_number, '') as tracking_number
    from shipment_labels l where l.order_id = o.id and l.label_type = 'shipping'
    order by l.id desc limit 1) lbl on true
  left join lateral (select * from wave_orders x where x.order_id = o.id
    and x.state in ('in_wave', 'picked', 'shipped')
    order by (x.state <> 'shipped') desc, x.wave_id desc limit 1) wo on true
  left join waves w on w.id = wo.wave_id`;

const toFacts = (r: Row): PackOrderFacts => ({
  id: num(r.id),
  orderNumber: String(r.order_number),
  externalId: String(r.external_id),
  status: String(r.status),
  lifecycle: String(r.lifecycle),
  accountId: num(r.account_id),
  warehouseId: num(r.warehouse_id),
  requireLabel: Boolean(r.require_label),
  allowPartialShipment: Boolean(r.allow_partial_shipment),
  accountPrefix: textOrNull(r.gs1_company_prefix),
  hasLabel: r.label_id !== null && r.label_id !== undefined,
  carrier: textOrNull(r.carrier),
  trackingNumber: textOrNull(r.tracking_number),
  wave:
    r.wave_id === null || r.wave_id === undefined
      ? null
      : {
          id: num(r.wave_id),
          number: String(r.wave_number),
          slot: num(r.position),
          tote: textOrNull(r.tote),
          state: String(r.wave_state),
          mode: String(r.wave_mode),
        },
});

export interface PackLine {
  id: number;
  productId: number;
  inventoryId: number | null;
  sku: string;
  name: string;
  barcode: string | null;
  lotTracked: boolean;
  quantity: number;
  quantityReserved: number;
  quantityShipped: number;
  verified: number;
}

const linesOf = (orderId: SQL) => sql`select i.id, i.product_id, i.inventory_id, p.sku, p.name, p.barcode, p.track_lots,
    i.quantity, i.quantity_reserved, i.quantity_shipped, i.verified_quantity
  from order_items i join products p on p.id = i.product_id
  where i.order_id = ${orderId}`;

const toLine = (r: Row): PackLine => ({
  id: num(r.id),
  productId: num(r.product_id),
  inventoryId: numOrNull(r.inventory_id),
  sku: String(r.sku),
  name: String(r.name),
  barcode: textOrNull(r.barcode),
  lotTracked: Boolean(r.track_lots),
  quantity: num(r.quantity),
  quantityReserved: num(r.quantity_reserved),
  quantityShipped: num(r.quantity_shipped),
  verified: num(r.verified_quantity),
});

export interface CartonRow {
  id: number;
  number: number;
  cartonTypeId: number;
  typeName: string;
  isCustom: boolean;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  weightG: number | null;
  status: 'open' | 'closed' | 'shipped';
  sscc: string | null;
  carrier: string | null;
  trackingNumber: string | null;
}

export interface CartonContent {
  cartonId: number;
  orderItemId: number;
  sku: string;
  lotId: number | null;
  lotCode: string | null;
  quantity: number;
}

const toCarton = (r: Row): CartonRow => ({
  id: num(r.id),
  number: num(r.number),
  cartonTypeId: num(r.carton_type_id),
  typeName: String(r.type_name),
  isCustom: Boolean(r.is_custom),
  lengthMm: numOrNull(r.length_mm),
  widthMm: numOrNull(r.width_mm),
  heightMm: numOrNull(r.height_mm),
  weightG: numOrNull(r.weight_g),
  status: String(r.status) as CartonRow['status'],
  sscc: textOrNull(r.sscc),
  carrier: textOrNull(r.carrier),
  trackingNumber: textOrNull(r.tracking_number),
});

const cartonSelect = sql`select c.id, c.number, c.carton_type_id, t.name as type_name, t.is_custom, c.length_mm,
    c.width_mm, c.height_mm, c.weight_g, c.status, c.sscc, c.carrier, c.tracking_number
  from cartons c join carton_types t on t.id = c.carton_type_id`;

/** One carton of the order, locked (the order row is locked first by the caller). */
export async function lockCarton(tx: Executor, orderId: number, cartonId: number): Promise<CartonRow | undefined> {
  const [r] = await rowsOf(
    tx,
    sql`${cartonSelect} where c.id = ${cartonId} and c.order_id = ${orderId} for update of c`,
  );
  return r ? toCarton(r) : undefined;
}

const contentsOf = (orderId: SQL) => sql`select ci.carton_id, ci.order_item_id, p.sku, ci.lot_id, l.lot_code,
    ci.quantity, c.number as carton_number
  from carton_items ci
  join cartons c on c.id = ci.carton_id
  join order_items i on i.id = ci.order_item_id
  join products p on p.id = i.product_id
  left join inventory_lots l on l.id = ci.lot_id
  where c.order_id = ${orderId}`;

const toContent = (r: Row): CartonContent => ({
  cartonId: num(r.carton_id),
  orderItemId: num(r.order_item_id),
  sku: String(r.sku),
  lotId: numOrNull(r.lot_id),
  lotCode: textOrNull(r.lot_code),
  quantity: num(r.quantity),
});

export interface PackRows {
  order: PackOrderFacts;
  lines: PackLine[];
  cartons: CartonRow[];
  contents: CartonContent[];
}

/**
 * The order's header, lines, cartons and carton units in one statement (a scan at the bench reads them every time):
 * the lists come as JSON arrays in the order the single reads give them.
 */
export async function packRows(db: Executor, orderId: number): Promise<PackRows | undefined> {
  const o = sql`o.id`;
  const [r] = await rowsOf(
    db,
    sql`select ${factsColumns},
        (select coalesce(json_agg(x order by x.id), '[]') from (${linesOf(o)}) x) as pack_lines,
        (select coalesce(json_agg(x order by x.number), '[]') from (${cartonSelect} where c.order_id = o.id) x)
          as pack_cartons,
        (select coalesce(json_agg(x order by x.carton_number, x.order_item_id, x.lot_id nulls first), '[]')
          from (${contentsOf(o)}) x) as pack_contents
      ${factsFrom} where o.id = ${orderId}`,
  );
  if (!r) return undefined;
  return {
    order: toFacts(r),
    lines: jsonRows(r.pack_lines).map(toLine),
    cartons: jsonRows(r.pack_cartons).map(toCarton),
    contents: jsonRows(r.pack_contents).map(toContent),
  };
}

/** A JSON array column: parsed by both drivers, but a string if a driver leaves json unparsed. */
const jsonRows = (value: unknown): Row[] => (typeof value === 'string' ? JSON.parse(value) : (value as Row[]));

/** Lots of these products whose code is the scanned one (case-insensitive). */
export async function lotsByCode(
  db: Executor,
  productIds: readonly number[],
  code: string,
): Promise<{ id: number; productId: number; code: string }[]> {
  if (productIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select id, product_id, lot_code from inventory_lots
      where product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and lower(lot_code) = lower(${code})`,
  );
  return rows.map((r) => ({ id: num(r.id), productId: num(r.product_id), code: String(r.lot_code) }));
}

export async function lotOfProduct(db: Executor, lotId: number, productId: number): Promise<string | null> {
  const [r] = await rowsOf(
    db,
    sql`select lot_code from inventory_lots where id = ${lotId} and product_id = ${productId}`,
  );
  return r ? String(r.lot_code) : null;
}

export async function insertCarton(
  tx: Executor,
  carton: {
    orderId: number;
    cartonTypeId: number;
    lengthMm: number | null;
    widthMm: number | null;
    heightMm: number | null;
  },
): Promise<number> {
  const [r] = await rowsOf(
    tx,
    sql`insert into cartons (order_id, number, carton_type_id, length_mm, width_mm, height_mm)
      values (${carton.orderId},
        (select coalesce(max(number), 0) + 1 from cartons where order_id = ${carton.orderId}),
        ${carton.cartonTypeId}, ${carton.lengthMm}, ${carton.widthMm}, ${carton.heightMm})
      returning id`,
  );
  return num(r!.id);
}

/** Adds (or with a negative delta takes) units of one line and lot in a carton; a row reaching 0 is removed. */
export async function changeCartonItem(
  tx: Executor,
  cartonId: number,
  orderItemId: number,
  lotId: number | null,
  delta: number,
): Promise<void> {
  if (delta > 0) {
    await tx.execute(sql`insert into carton_items (carton_id, order_item_id, lot_id, quantity)
      values (${cartonId}, ${orderItemId}, ${lotId}, ${delta})
      on conflict on constraint carton_items_carton_item_lot_unique
      do update set quantity = carton_items.quantity + excluded.quantity`);
    return;
  }
  // Taking out: the row that reaches 0 goes (quantity > 0 is a CHECK, so never written as 0 first).
  const where = sql`carton_id = ${cartonId} and order_item_id = ${orderItemId} and lot_id is not distinct from ${lotId}`;
  await tx.execute(sql`delete from carton_items where ${where} and quantity = ${-delta}`);
  await tx.execute(sql`update carton_items set quantity = quantity + ${delta} where ${where} and quantity > ${-delta}`);
}

export interface CartonChanges {
  weightG?: number | null;
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
  carrier?: string | null;
  trackingNumber?: string | null;
}

export async function updateCarton(tx: Executor, cartonId: number, changes: CartonChanges): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (changes.weightG !== undefined) sets.push(sql`weight_g = ${changes.weightG}`);
  if (changes.lengthMm !== undefined) sets.push(sql`length_mm = ${changes.lengthMm}`);
  if (changes.widthMm !== undefined) sets.push(sql`width_mm = ${changes.widthMm}`);
  if (changes.heightMm !== undefined) sets.push(sql`height_mm = ${changes.heightMm}`);
  if (changes.carrier !== undefined) sets.push(sql`carrier = ${changes.carrier}`);
  if (changes.trackingNumber !== undefined) sets.push(sql`tracking_number = ${changes.trackingNumber}`);
  await tx.execute(sql`update cartons set ${sql.join(sets, sql`, `)} where id = ${cartonId}`);
}

export async function setCartonClosed(
  tx: Executor,
  cartonId: number,
  closed: { sscc: string; weightG: number; userId: number },
): Promise<void> {
  await tx.execute(sql`update cartons set status = 'closed', sscc = ${closed.sscc}, weight_g = ${closed.weightG},
    closed_by = ${closed.userId}, closed_at = now(), updated_at = now() where id = ${cartonId}`);
}

export async function setCartonReopened(tx: Executor, cartonId: number): Promise<void> {
  await tx.execute(sql`update cartons set status = 'open', updated_at = now() where id = ${cartonId}`);
}

export async function deleteCarton(tx: Executor, cartonId: number): Promise<void> {
  await tx.execute(sql`delete from cartons where id = ${cartonId}`);
}

export async function setCartonsShipped(
  tx: Executor,
  cartons: readonly { id: number; carrier: string | null; trackingNumber: string | null }[],
): Promise<void> {
  for (const c of cartons) {
    await tx.execute(sql`update cartons set status = 'shipped', carrier = ${c.carrier},
      tracking_number = ${c.trackingNumber}, shipped_at = now(), updated_at = now() where id = ${c.id}`);
  }
}

/**
 * The next serial of a company prefix, taken in the caller's transaction: the counter row stays locked until it
 * commits (concurrent closes wait, so serials are consecutive), and a rollback gives the number back.
 */
export async function takeSsccSerial(tx: Executor, companyPrefix: string): Promise<number> {
  const [r] = await rowsOf(
    tx,
    sql`insert into sscc_counters (company_prefix, next_serial) values (${companyPrefix}, 2)
      on conflict (company_prefix) do update set next_serial = sscc_counters.next_serial + 1
      returning next_serial - 1 as serial`,
  );
  return num(r!.serial);
}

export async function findPackingSettings(
  db: Executor,
): Promise<{ gs1CompanyPrefix: string | null; ssccExtensionDigit: number }> {
  const [r] = await rowsOf(db, sql`select gs1_company_prefix, sscc_extension_digit from packing_settings where id = 1`);
  return {
    gs1CompanyPrefix: r ? textOrNull(r.gs1_company_prefix) : null,
    ssccExtensionDigit: r ? num(r.sscc_extension_digit) : 0,
  };
}

export async function savePackingSettings(
  db: Executor,
  settings: { gs1CompanyPrefix: string | null; ssccExtensionDigit: number },
): Promise<void> {
  await db.execute(sql`insert into packing_settings (id, gs1_company_prefix, sscc_extension_digit, updated_at)
    values (1, ${settings.gs1CompanyPrefix}, ${settings.ssccExtensionDigit}, now())
    on conflict (id) do update set gs1_company_prefix = excluded.gs1_company_prefix,
      sscc_extension_digit = excluded.sscc_extension_digit, updated_at = now()`);
}

/** The packer's open session of the order, or a new one (answers whether it is new). */
export async function startPackSession(
  tx: Executor,
  orderId: number,
  packerId: number,
  stationId: number | null,
): Promise<boolean> {
  const [open] = await rowsOf(
    tx,
    sql`select id from order_packs where order_id = ${orderId} and packer_id = ${packerId} and finished_at is null
      limit 1`,
  );
  if (open) return false;
  await tx.execute(sql`insert into order_packs (order_id, station_id, packer_id)
    values (${orderId}, ${stationId}, ${packerId})`);
  return true;
}

export async function finishPackSessions(tx: Executor, orderId: number): Promise<void> {
  await tx.execute(sql`update order_packs set finished_at = now() where order_id = ${orderId} and finished_at is null`);
}

export async function stationOfWarehouse(
  db: Executor,
  stationId: number,
  warehouseId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [r] = await rowsOf(
    db,
    sql`select id, name from packing_stations where id = ${stationId} and warehouse_id = ${warehouseId}`,
  );
  return r ? { id: num(r.id), name: String(r.name) } : undefined;
}

/** An open order of the warehouse by its number or its external id (the number wins). */
export async function openOrderByCode(
  db: Executor,
  warehouseId: number,
  code: string,
): Promise<{ id: number; orderNumber: string } | undefined> {
  const [r] = await rowsOf(
    db,
    sql`select id, order_number from orders where warehouse_id = ${warehouseId} and lifecycle = 'open'
      and (lower(order_number) = lower(${code}) or lower(order_id) = lower(${code}))
      order by (lower(order_number) = lower(${code})) desc, id limit 1`,
  );
  return r ? { id: num(r.id), orderNumber: String(r.order_number) } : undefined;
}

/** The order in a tote of a live wave of the warehouse. */
export async function orderByTote(
  db: Executor,
  warehouseId: number,
  tote: string,
): Promise<{ id: number; orderNumber: string } | undefined> {
  const [r] = await rowsOf(
    db,
    sql`select o.id, o.order_number from wave_orders wo
      join waves w on w.id = wo.wave_id join orders o on o.id = wo.order_id
      where w.warehouse_id = ${warehouseId} and wo.state in ('in_wave', 'picked') and lower(wo.tote) = lower(${tote})
      order by wo.wave_id desc limit 1`,
  );
  return r ? { id: num(r.id), orderNumber: String(r.order_number) } : undefined;
}

export interface WaveSlots {
  id: number;
  number: string;
  warehouseId: number;
  orders: { orderId: number; orderNumber: string; slot: number; tote: string | null }[];
}

/** A wave (by id, or by number within a warehouse) with its orders still to pack, in slot order. */
export async function waveSlots(
  db: Executor,
  by: { id: number } | { warehouseId: number; number: string },
): Promise<WaveSlots | undefined> {
  const where =
    'id' in by
      ? sql`w.id = ${by.id}`
      : sql`w.warehouse_id = ${by.warehouseId} and lower(w.number) = lower(${by.number})
          and w.status in ('open', 'picking', 'picked')`;
  const [wave] = await rowsOf(db, sql`select w.id, w.number, w.warehouse_id from waves w where ${where}`);
  if (!wave) return undefined;
  const rows = await rowsOf(
    db,
    sql`select wo.order_id, o.order_number, wo.position, wo.tote from wave_orders wo join orders o on o.id = wo.order_id
      where wo.wave_id = ${num(wave.id)} and wo.state in ('in_wave', 'picked') order by wo.position, wo.order_id`,
  );
  return {
    id: num(wave.id),
    number: String(wave.number),
    warehouseId: num(wave.warehouse_id),
    orders: rows.map((r) => ({
      orderId: num(r.order_id),
      orderNumber: String(r.order_number),
      slot: num(r.position),
      tote: textOrNull(r.tote),
    })),
  };
}
