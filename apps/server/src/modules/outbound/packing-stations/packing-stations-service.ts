import {
  PACKING_MESSAGES,
  type PackingStation,
  type PackingStationInput,
  type PrinterNetwork,
  type PrinterNetworkInput,
} from '@wms/contract/packing';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { refuseDuplicate } from '../../../http/database-errors';
import { fieldError, notFound } from '../../../http/errors';
import { assertWarehouseInScope } from '../../floor/locations/locations-api';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  deactivateStationRow,
  deleteNetworkRow,
  findNetworkInScope,
  findStationInScope,
  insertNetwork,
  insertStation,
  isStationNameTaken,
  listNetworkRows,
  listStationRows,
  networkCidrs,
  toNetworkView,
  toStationView,
  updateStationRow,
} from './packing-stations-repository';
import { checkPrinterAddress, type PrinterAddressPolicy } from './printer-address';
import { checkPrinterNetwork } from './printer-networks-policy';

/** Station and network events concern their warehouse: its managers see them. */
const warehouseEvent = (auth: RequestAuth, warehouseId: number, subject: { type: string; id: number | null }) => ({
  actorId: auth.user.id,
  subject,
  warehouseIds: [warehouseId],
  accountIds: [],
});

export async function stationInScope(db: Executor, auth: RequestAuth, id: number) {
  const row = await findStationInScope(db, await auth.scope(), id);
  if (!row) throw notFound(PACKING_MESSAGES.stationNotFound);
  return row;
}

export async function listStations(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  includeInactive: boolean,
): Promise<PackingStation[]> {
  await assertWarehouseInScope(db, auth, warehouseId);
  return (await listStationRows(db, warehouseId, includeInactive)).map(toStationView);
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

type StationFields = Required<Omit<PackingStationInput, 'active'>> & { active?: boolean };

/**
 * A station's printer address, when it has one, must lie in the warehouse's printer networks (checked again at
 * every print). A printer station needs one; a browser station may keep one for later.
 */
async function checkStationPrinter(
  db: Executor,
  warehouseId: number,
  input: StationFields,
  policy: PrinterAddressPolicy,
) {
  const host = input.printer_host?.trim() || null;
  if (!host) {
    if (input.output === 'printer') throw fieldError('printer_host', PACKING_MESSAGES.printerHostRequired);
    return { ...input, printer_host: null };
  }
  if (!HOST_NAME.test(host.replace(/^\[|\]$/g, '')) && !host.includes(':')) {
    throw fieldError('printer_host', PACKING_MESSAGES.printerHostInvalid);
  }
  const check = await checkPrinterAddress(host, await networkCidrs(db, warehouseId), policy);
  if (!check.ok) throw fieldError('printer_host', PACKING_MESSAGES.printerOutsideNetworks);
  return { ...input, printer_host: host };
}

async function assertNameFree(db: Executor, warehouseId: number, name: string, exceptId?: number) {
  if (await isStationNameTaken(db, warehouseId, name, exceptId)) {
    throw fieldError('name', PACKING_MESSAGES.stationNameTaken);
  }
}

export async function createStation(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  input: StationFields,
  policy: PrinterAddressPolicy,
): Promise<PackingStation> {
  await assertWarehouseInScope(db, auth, warehouseId);
  await assertNameFree(db, warehouseId, input.name);
  const fields = await checkStationPrinter(db, warehouseId, input, policy);
  const row = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const created = await insertStation(tx, warehouseId, fields);
        await recordEvent(tx, {
          kind: 'packing_station.created',
          payload: { name: created.name, output: created.output },
          ...warehouseEvent(auth, warehouseId, { type: 'packing_station', id: created.id }),
        });
        return created;
      }),
    'name',
    PACKING_MESSAGES.stationNameTaken,
  );
  return toStationView(row);
}

export async function updateStation(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: StationFields,
  policy: PrinterAddressPolicy,
): Promise<PackingStation> {
  const before = await stationInScope(db, auth, id);
  await assertNameFree(db, before.warehouseId, input.name, id);
  const fields = await checkStationPrinter(db, before.warehouseId, input, policy);
  const row = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const updated = await updateStationRow(tx, id, fields);
        await recordEvent(tx, {
          kind: 'packing_station.updated',
          payload: { name: updated.name, output: updated.output },
          ...warehouseEvent(auth, before.warehouseId, { type: 'packing_station', id }),
        });
        return updated;
      }),
    'name',
    PACKING_MESSAGES.stationNameTaken,
  );
  return toStationView(row);
}

/** Stations are deactivated, never deleted: past packing sessions name them. */
export async function deactivateStation(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const station = await stationInScope(db, auth, id);
  await db.transaction(async (tx) => {
    await deactivateStationRow(tx, id);
    await recordEvent(tx, {
      kind: 'packing_station.deactivated',
      payload: { name: station.name },
      ...warehouseEvent(auth, station.warehouseId, { type: 'packing_station', id }),
    });
  });
}

// Printer networks -------------------------------------------------------------------------------------------------

export async function listNetworks(db: Database, auth: RequestAuth, warehouseId: number): Promise<PrinterNetwork[]> {
  await assertWarehouseInScope(db, auth, warehouseId);
  return (await listNetworkRows(db, warehouseId)).map(toNetworkView);
}

export async function addNetwork(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  input: Required<PrinterNetworkInput>,
  policy: PrinterAddressPolicy,
): Promise<PrinterNetwork> {
  await assertWarehouseInScope(db, auth, warehouseId);
  const check = checkPrinterNetwork(input.cidr, policy);
  if (!check.ok) throw fieldError('cidr', check.message);
  const id = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const added = await insertNetwork(tx, warehouseId, check.cidr, input.note, auth.user.id);
        await recordEvent(tx, {
          kind: 'printer_network.added',
          payload: { cidr: check.cidr, note: input.note },
          ...warehouseEvent(auth, warehouseId, { type: 'printer_network', id: added }),
        });
        return added;
      }),
    'cidr',
    PACKING_MESSAGES.cidrTaken,
  );
  const row = await findNetworkInScope(db, await auth.scope(), id);
  return toNetworkView(row!);
}

/** Removing a network closes it at once: stations whose printer lies in it can no longer print. */
export async function removeNetwork(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const network = await findNetworkInScope(db, await auth.scope(), id);
  if (!network) throw notFound(PACKING_MESSAGES.networkNotFound);
  await db.transaction(async (tx) => {
    await deleteNetworkRow(tx, id);
    await recordEvent(tx, {
      kind: 'printer_network.removed',
      payload: { cidr: network.cidr },
      ...warehouseEvent(auth, network.warehouseId, { type: 'printer_network', id }),
    });
  });
}
