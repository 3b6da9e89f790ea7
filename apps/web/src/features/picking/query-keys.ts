import { stockKeys, waveRootKeys } from '../../lib/query-keys/shared-keys';

const all = ['picking'] as const;

/** React Query keys of the handheld picking screens. */
export const pickingKeys = {
  all,
  /** Waves a picker may take or continue in the warehouse. */
  available: (warehouseId: number) => ['picking', 'available', warehouseId] as const,
  wave: (id: number) => ['picking', 'wave', id] as const,
  locationStock: (locationId: number) => ['picking', 'location-stock', locationId] as const,
  /** What a pick, short, skip, tote or assignment makes stale beyond the handheld: the wave screens and the stock. */
  staleAfterPick: [all, waveRootKeys.all, stockKeys.all] as const,
  /**
   * What a task write makes stale beside the wave the handheld holds (merged from the answer): the wave lists, the
   * location lots offered as substitutes, the wave screens and the stock.
   */
  staleElsewhereAfterPick: [
    ['picking', 'available'],
    ['picking', 'location-stock'],
    waveRootKeys.all,
    stockKeys.all,
  ] as const,
};
