import { type HospitalEntry, PICKING_MESSAGES } from '@wms/contract/picking';
import type { HospitalReason } from '@wms/contract/waves';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, notFound } from '../../../http/errors';
import { createLocationCount } from '../../floor/cycle-counts/cycle-counts-api';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  clearHospital,
  type HospitalRow,
  hospitalize,
  hospitalLocations,
  locationHospital,
} from './picking-repository';

/**
 * Hospital locations: sent there by a short pick or a "not empty" answer, kept out of allocation until a manager
 * clears them (after the count, or at once when the count is not needed).
 */

const toEntry = (row: HospitalRow): HospitalEntry => ({
  location: { id: row.locationId, code: row.code, warehouse_id: row.warehouseId },
  reason: row.reason as HospitalReason,
  since: row.since,
  by: row.byId === null ? null : { id: row.byId, name: row.byName ?? '' },
  cycle_count_id: row.cycleCountId,
});

/** A warehouse outside the caller's scope lists nothing, as if it had no hospital location. */
export async function listHospital(db: Executor, auth: RequestAuth, warehouseId: number) {
  return { data: (await hospitalLocations(db, await auth.scope(), warehouseId)).map(toEntry) };
}

export async function getHospital(db: Executor, auth: RequestAuth, locationId: number) {
  const location = await locationHospital(db, await auth.scope(), locationId, false);
  if (!location) throw notFound(PICKING_MESSAGES.locationNotFound);
  return { data: location.entry ? toEntry(location.entry) : null };
}

/** Clears a hospital location: it is back in allocation. */
export async function clearHospitalLocation(db: Database, auth: RequestAuth, locationId: number) {
  const code = await inTransaction(db, async (tx) => {
    const location = await locationHospital(tx, await auth.scope(), locationId, true);
    if (!location) throw notFound(PICKING_MESSAGES.locationNotFound);
    if (!location.entry) throw conflict(PICKING_MESSAGES.notInHospital);
    await clearHospital(tx, locationId);
    await recordEvent(tx, {
      kind: 'location.hospital_cleared',
      payload: { code: location.code },
      actorId: auth.user.id,
      subject: { type: 'location', id: locationId },
      warehouseIds: [location.warehouseId],
      accountIds: [],
    });
    return location.code;
  });
  return { message: PICKING_MESSAGES.hospitalCleared(code) };
}

/**
 * Sends a location to hospital with a count of it (once: a location already there keeps its reason and count).
 * A short pick does it, and so does a replenishment whose source was short.
 */
export async function sendLocationToHospital(
  tx: Executor,
  place: {
    warehouseId: number;
    locationId: number;
    code: string;
    userId: number;
    reason: HospitalReason;
    notes: string;
  },
): Promise<void> {
  if (!(await hospitalize(tx, place.locationId, place.reason, place.userId))) return;
  await createLocationCount(tx, {
    warehouseId: place.warehouseId,
    locationId: place.locationId,
    code: place.code,
    userId: place.userId,
    notes: place.notes,
  });
  await recordEvent(tx, {
    kind: 'location.hospitalized',
    payload: { code: place.code, reason: place.reason },
    actorId: place.userId,
    subject: { type: 'location', id: place.locationId },
    warehouseIds: [place.warehouseId],
    accountIds: [],
  });
}
