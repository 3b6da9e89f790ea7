/**
 * The packing station this device is, per warehouse: a bench PC stays one station, so the choice is remembered in
 * the browser (localStorage), not on the user (several packers share a bench, one packer moves between benches).
 */
const KEY = 'wms.packingStation';

type Remembered = Record<string, number>;

function read(storage: Storage): Remembered {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Remembered) : {};
  } catch {
    // A value another version wrote, or a hand edit: forget it rather than break the station.
    return {};
  }
}

export function rememberedStation(warehouseId: number, storage: Storage = localStorage): number | null {
  const id = read(storage)[String(warehouseId)];
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberStation(warehouseId: number, stationId: number | null, storage: Storage = localStorage): void {
  const all = read(storage);
  if (stationId === null) delete all[String(warehouseId)];
  else all[String(warehouseId)] = stationId;
  storage.setItem(KEY, JSON.stringify(all));
}

/** The remembered station if it still exists and is active in the warehouse, else none (the packer chooses). */
export function stationToUse<T extends { id: number; active: boolean }>(
  stations: readonly T[],
  remembered: number | null,
): T | null {
  return stations.find((station) => station.id === remembered && station.active) ?? null;
}
