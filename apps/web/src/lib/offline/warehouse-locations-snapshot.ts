import { queryOptions } from '@tanstack/react-query';
import { MOVE_SCAN_MESSAGES } from '@wms/contract/location-stock';
import type { Location } from '@wms/contract/locations';
import type { PageMeta } from '@wms/contract/pagination';
import { MAX_PER_PAGE } from '@wms/contract/paging';
import type { ScanOutcome } from '../../components/ScanField';
import { api } from '../api/client';
import { heldLocationsKey } from '../query-keys/shared-keys';
import { readOrRemembered, readRemembered } from './snapshots';

/**
 * A warehouse's locations as the floor screens keep them on the handheld (moves, putaway): read when a screen opens
 * online, every one, active or not (so an inactive one is named as such offline too); its code is also its barcode
 * (printed on the bin's label).
 */
export type HeldLocation = Pick<Location, 'id' | 'code' | 'type' | 'is_active'>;

/** `complete`: false when the warehouse held more than is read (offline, a code beyond it reads as unknown). */
export interface HeldLocations {
  warehouseId: number;
  locations: HeldLocation[];
  complete: boolean;
}

/** Every answer here is shown in place by the floor screen, so no toast. */
const quiet = { bypass_default: true, notifyOnError: false } as const;

/** At most this many pages (of 100) of locations, and of stock rows, are kept for offline: 5 000 of each. */
export const SNAPSHOT_MAX_PAGES = 50;

/** Every page of a list, up to the cap; `complete` false when the cap cut it. */
export async function allPages<T>(path: string, signal?: AbortSignal): Promise<{ rows: T[]; complete: boolean }> {
  const rows: T[] = [];
  for (let page = 1; page <= SNAPSHOT_MAX_PAGES; page++) {
    const answer = await api.get<{ data: T[]; meta: PageMeta }>(path, {
      ...quiet,
      query: { page, per_page: MAX_PER_PAGE },
      signal,
    });
    rows.push(...answer.data);
    if (answer.data.length < MAX_PER_PAGE || page >= answer.meta.last_page) return { rows, complete: true };
  }
  return { rows, complete: false };
}

/** Reads every location of a warehouse (up to the cap), keeping what the floor screens check a scan against. */
export async function readWarehouseLocations(warehouseId: number, signal?: AbortSignal): Promise<HeldLocations> {
  const { rows, complete } = await allPages<Location>(`/warehouses/${warehouseId}/locations`, signal);
  return {
    warehouseId,
    locations: rows.map(({ id, code, type, is_active }) => ({ id, code, type, is_active })),
    complete,
  };
}

/**
 * The warehouse's locations on their own (the putaway dialog's copy): read when it opens online, remembered on the
 * device, the remembered copy with no network.
 */
export const heldLocationsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: heldLocationsKey(warehouseId),
    networkMode: 'always',
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      readOrRemembered(heldLocationsCopyKey(warehouseId), () => readWarehouseLocations(warehouseId, signal)),
  });

const heldLocationsCopyKey = (warehouseId: number) => `warehouse-locations:${warehouseId}`;

/** The code of each location in the device's remembered copy of the warehouse's locations (empty without one). */
export async function rememberedLocationCodes(warehouseId: number): Promise<Map<number, string>> {
  const held = await readRemembered<HeldLocations>(heldLocationsCopyKey(warehouseId));
  return new Map((held?.locations ?? []).map((location) => [location.id, location.code]));
}

/** The location with this code (any case, as the server's lookup), or null. */
export function heldLocation(held: Pick<HeldLocations, 'locations'>, code: string): HeldLocation | null {
  const wanted = code.trim().toLowerCase();
  return held.locations.find((location) => location.code.toLowerCase() === wanted) ?? null;
}

/**
 * A scanned location code judged the same way whether the location came from the server or from the held copy
 * (the move screen's scans): unknown and inactive codes get the online messages; else the location.
 */
export function judgeLocation(location: HeldLocation | null, code: string): HeldLocation | ScanOutcome {
  if (!location) return { status: 'not-found', message: MOVE_SCAN_MESSAGES.locationUnknown(code) };
  if (!location.is_active) return { status: 'warning', message: MOVE_SCAN_MESSAGES.locationInactive(location.code) };
  return location;
}

/** What the location picker says of a scanned code naming no active location of the warehouse, online or offline. */
export const noActiveLocationMessage = (code: string) => `No active location with the code ${code} in this warehouse.`;

/**
 * A location picker's scanned code judged against the held copy as the server's lookup (active locations only,
 * exact code in any case) judges it online: the location, or the picker's online message.
 */
export function judgeActiveLocation(held: Pick<HeldLocations, 'locations'>, code: string): HeldLocation | string {
  const location = heldLocation(held, code);
  return location?.is_active ? location : noActiveLocationMessage(code.trim());
}

/** The picker's choices offline: active locations whose code contains the search (any case), the first 20. */
export function heldLocationChoices(held: Pick<HeldLocations, 'locations'>, search: string): HeldLocation[] {
  const wanted = search.trim().toLowerCase();
  return held.locations
    .filter((location) => location.is_active && location.code.toLowerCase().includes(wanted))
    .slice(0, 20);
}
