import {
  generatedCount,
  generatedLocations,
  LOCATION_CLASH_LIST_MAX,
  LOCATION_GENERATE_MAX,
  LOCATION_MESSAGES,
  LOCATION_PREVIEW_SIZE,
  type Location,
  type LocationGenerateInput,
  type LocationInput,
  type LocationListQuery,
} from '@wms/contract/locations';
import { isWarehouseInScope } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { refuseDuplicate } from '../../../http/database-errors';
import { conflict, fieldError, notFound } from '../../../http/errors';
import type { SheetFormat } from '../../../spreadsheets/write-sheet';
import { deleteRecorded, recordEvent } from '../../platform/activity/activity-api';
import {
  deleteLocationRow,
  existingCodes,
  findLocationInScope,
  insertLocation,
  insertLocations,
  isLocationCodeTaken,
  listLocations,
  listZones,
  toLocationView,
  updateLocationRow,
} from './locations-repository';
import { exportLocations, type LocationUpload, parseLocationImport } from './locations-spreadsheets';
import { assertUnassignedKept, assertUnassignedNotDeleted } from './unassigned-guard';

/** A location's events concern its warehouse: its managers see them. */
const locationEvent = (auth: RequestAuth, warehouseId: number, id: number | null) => ({
  actorId: auth.user.id,
  subject: { type: 'location', id },
  warehouseIds: [warehouseId],
  accountIds: [],
});

/** 404 unless the warehouse exists and is in the caller's scope. */
export async function assertWarehouseInScope(db: Executor, auth: RequestAuth, warehouseId: number): Promise<void> {
  if (!(await isWarehouseInScope(db, await auth.scope(), warehouseId))) throw notFound();
}

async function locationInScope(db: Executor, auth: RequestAuth, id: number) {
  const row = await findLocationInScope(db, await auth.scope(), id);
  if (!row) throw notFound();
  return row;
}

export async function listWarehouseLocations(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  filter: LocationListQuery,
) {
  await assertWarehouseInScope(db, auth, warehouseId);
  const [page, zones] = await Promise.all([listLocations(db, warehouseId, filter), listZones(db, warehouseId)]);
  return { ...page, zones };
}

export async function getLocation(db: Database, auth: RequestAuth, id: number): Promise<Location> {
  return toLocationView(await locationInScope(db, auth, id));
}

async function assertCodeFree(db: Executor, warehouseId: number, code: string, exceptId?: number) {
  if (await isLocationCodeTaken(db, warehouseId, code, exceptId)) throw fieldError('code', LOCATION_MESSAGES.codeTaken);
}

export async function createLocation(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  input: LocationInput,
): Promise<Location> {
  await assertWarehouseInScope(db, auth, warehouseId);
  await assertCodeFree(db, warehouseId, input.code);
  const row = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const created = await insertLocation(tx, warehouseId, input);
        await recordEvent(tx, {
          kind: 'location.created',
          payload: { code: created.code },
          ...locationEvent(auth, warehouseId, created.id),
        });
        return created;
      }),
    'code',
    LOCATION_MESSAGES.codeTaken,
  );
  return toLocationView(row);
}

export async function updateLocation(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: LocationInput,
): Promise<Location> {
  const before = await locationInScope(db, auth, id);
  assertUnassignedKept(before, input);
  await assertCodeFree(db, before.warehouseId, input.code, id);
  const row = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const updated = await updateLocationRow(tx, id, input);
        const event = locationEvent(auth, before.warehouseId, id);
        if (before.isActive !== updated.isActive) {
          await recordEvent(tx, {
            kind: 'location.status_changed',
            payload: { code: updated.code, active: updated.isActive },
            ...event,
          });
        } else {
          await recordEvent(tx, { kind: 'location.updated', payload: { code: updated.code }, ...event });
        }
        return updated;
      }),
    'code',
    LOCATION_MESSAGES.codeTaken,
  );
  return toLocationView(row);
}

/** Only an empty location may go: one holding stock is refused with 409 (deactivate it instead). */
export async function deleteLocation(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const location = await locationInScope(db, auth, id);
  assertUnassignedNotDeleted(location);
  if (location.unitsHeld > 0) throw conflict(LOCATION_MESSAGES.notEmpty);
  await deleteRecorded(
    db,
    (tx) => deleteLocationRow(tx, id),
    () => ({
      kind: 'location.deleted' as const,
      payload: { code: location.code },
      ...locationEvent(auth, location.warehouseId, id),
    }),
    LOCATION_MESSAGES.notEmpty,
  );
}

/** 409 naming the clashing codes (the first LOCATION_CLASH_LIST_MAX, then how many more). */
const clash = (codes: string[]) =>
  conflict(LOCATION_MESSAGES.clash(codes.slice(0, LOCATION_CLASH_LIST_MAX), codes.length));

/**
 * Generate by pattern: zone × aisles × racks × levels × bins. Preview answers the count and the first codes and
 * writes nothing; otherwise every location is inserted in one transaction, or none when any code already exists.
 */
export async function generateLocations(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  input: LocationGenerateInput,
): Promise<{ count: number; codes: string[] }> {
  await assertWarehouseInScope(db, auth, warehouseId);
  const total = generatedCount(input);
  if (total > LOCATION_GENERATE_MAX) throw fieldError('aisles', LOCATION_MESSAGES.tooMany(total));
  if (input.preview) {
    return { count: total, codes: generatedLocations(input, LOCATION_PREVIEW_SIZE).map((l) => l.code) };
  }
  const generated = generatedLocations(input);
  const rows: LocationInput[] = generated.map((l) => ({
    ...l,
    type: input.type,
    walk_sequence: null,
    max_units: input.max_units,
    is_active: true,
    notes: null,
  }));
  await db.transaction(async (tx) => {
    const clashing = await existingCodes(
      tx,
      warehouseId,
      rows.map((r) => r.code),
    );
    if (clashing.length > 0) throw clash(clashing);
    await insertLocations(tx, warehouseId, rows);
    await recordEvent(tx, {
      kind: 'locations.generated',
      payload: { zone: input.zone.toUpperCase(), count: rows.length, first: rows[0]!.code, last: rows.at(-1)!.code },
      ...locationEvent(auth, warehouseId, null),
    });
  });
  return { count: rows.length, codes: rows.slice(0, LOCATION_PREVIEW_SIZE).map((r) => r.code) };
}

/**
 * Locations from a spreadsheet: every row checked first (all bad rows reported at once, 422), then all inserted in
 * one transaction, or none (a code taken meanwhile refuses the whole file, 409).
 */
export async function importLocations(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  upload: LocationUpload | undefined,
): Promise<number> {
  await assertWarehouseInScope(db, auth, warehouseId);
  const rows = await parseLocationImport(db, warehouseId, upload);
  await db.transaction(async (tx) => {
    const clashing = await existingCodes(
      tx,
      warehouseId,
      rows.map((r) => r.code),
    );
    if (clashing.length > 0) throw clash(clashing);
    await insertLocations(tx, warehouseId, rows);
    await recordEvent(tx, {
      kind: 'locations.imported',
      payload: { count: rows.length },
      ...locationEvent(auth, warehouseId, null),
    });
  });
  return rows.length;
}

export async function exportWarehouseLocations(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  format: SheetFormat,
) {
  await assertWarehouseInScope(db, auth, warehouseId);
  return exportLocations(db, warehouseId, format);
}
