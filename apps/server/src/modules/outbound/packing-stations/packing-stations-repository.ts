import type { PackingStation, PackingStationInput, PrinterNetwork } from '@wms/contract/packing';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { packingStations, printerNetworks } from '../../../db/schema/packing';
import { users } from '../../../db/schema/users';

type StationRow = typeof packingStations.$inferSelect;

export const toStationView = (row: StationRow): PackingStation => ({
  id: row.id,
  warehouse_id: row.warehouseId,
  name: row.name,
  output: row.output,
  printer_host: row.printerHost,
  printer_port: row.printerPort,
  active: row.active,
});

export async function listStationRows(db: Executor, warehouseId: number, includeInactive: boolean) {
  return db
    .select()
    .from(packingStations)
    .where(
      and(eq(packingStations.warehouseId, warehouseId), includeInactive ? undefined : eq(packingStations.active, true)),
    )
    .orderBy(asc(sql`lower(${packingStations.name})`), asc(packingStations.id));
}

/** The station when its warehouse is in the caller's scope. */
export async function findStationInScope(db: Executor, scope: Scope, id: number): Promise<StationRow | undefined> {
  const [row] = await db
    .select()
    .from(packingStations)
    .where(and(eq(packingStations.id, id), warehouseCondition(scope, packingStations.warehouseId)))
    .limit(1);
  return row;
}

type StationFields = Required<Omit<PackingStationInput, 'active'>> & { active?: boolean };

const stationColumns = (input: StationFields) => ({
  name: input.name,
  output: input.output,
  printerHost: input.printer_host ?? null,
  printerPort: input.printer_port,
});

export async function insertStation(tx: Executor, warehouseId: number, input: StationFields): Promise<StationRow> {
  const [row] = await tx
    .insert(packingStations)
    .values({ warehouseId, ...stationColumns(input) })
    .returning();
  return row!;
}

export async function updateStationRow(tx: Executor, id: number, input: StationFields): Promise<StationRow> {
  const [row] = await tx
    .update(packingStations)
    .set({
      ...stationColumns(input),
      ...(input.active === undefined ? {} : { active: input.active }),
      updatedAt: new Date(),
    })
    .where(eq(packingStations.id, id))
    .returning();
  return row!;
}

export async function deactivateStationRow(tx: Executor, id: number): Promise<void> {
  await tx.update(packingStations).set({ active: false, updatedAt: new Date() }).where(eq(packingStations.id, id));
}

/** Whether another station of the warehouse has this name (case-insensitive, as the unique index). */
export async function isStationNameTaken(db: Executor, warehouseId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: packingStations.id })
    .from(packingStations)
    .where(
      and(
        eq(packingStations.warehouseId, warehouseId),
        sql`lower(${packingStations.name}) = lower(${name})`,
        exceptId ? sql`${packingStations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// Printer networks -------------------------------------------------------------------------------------------------

const networkColumns = {
  id: printerNetworks.id,
  warehouseId: printerNetworks.warehouseId,
  cidr: printerNetworks.cidr,
  note: printerNetworks.note,
  createdAt: printerNetworks.createdAt,
  creatorId: users.id,
  creatorName: users.name,
};

type NetworkRow = { [K in keyof typeof networkColumns]: (typeof networkColumns)[K]['_']['data'] | null } & {
  id: number;
  warehouseId: number;
  cidr: string;
  note: string;
  createdAt: Date;
};

export const toNetworkView = (row: NetworkRow): PrinterNetwork => ({
  id: row.id,
  warehouse_id: row.warehouseId,
  cidr: row.cidr,
  note: row.note,
  created_by: row.creatorId === null ? null : { id: row.creatorId, name: row.creatorName ?? '' },
  created_at: row.createdAt.toISOString(),
});

export async function listNetworkRows(db: Executor, warehouseId: number): Promise<NetworkRow[]> {
  return db
    .select(networkColumns)
    .from(printerNetworks)
    .leftJoin(users, eq(users.id, printerNetworks.createdBy))
    .where(eq(printerNetworks.warehouseId, warehouseId))
    .orderBy(asc(printerNetworks.cidr), asc(printerNetworks.id));
}

/** The allow-listed networks of a warehouse, as stored ("10.20.0.0/16"). */
export async function networkCidrs(db: Executor, warehouseId: number): Promise<string[]> {
  const rows = await db
    .select({ cidr: printerNetworks.cidr })
    .from(printerNetworks)
    .where(eq(printerNetworks.warehouseId, warehouseId));
  return rows.map((r) => r.cidr);
}

export async function findNetworkInScope(db: Executor, scope: Scope, id: number): Promise<NetworkRow | undefined> {
  const [row] = await db
    .select(networkColumns)
    .from(printerNetworks)
    .leftJoin(users, eq(users.id, printerNetworks.createdBy))
    .where(and(eq(printerNetworks.id, id), warehouseCondition(scope, printerNetworks.warehouseId)))
    .limit(1);
  return row;
}

export async function insertNetwork(
  tx: Executor,
  warehouseId: number,
  cidr: string,
  note: string,
  createdBy: number,
): Promise<number> {
  const [row] = await tx
    .insert(printerNetworks)
    .values({ warehouseId, cidr, note, createdBy })
    .returning({ id: printerNetworks.id });
  return row!.id;
}

export async function deleteNetworkRow(tx: Executor, id: number): Promise<void> {
  await tx.delete(printerNetworks).where(eq(printerNetworks.id, id));
}
