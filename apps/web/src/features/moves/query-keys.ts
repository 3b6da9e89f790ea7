import { stockKeys } from '../../lib/query-keys/shared-keys';

/**
 * The scan screen reads location by location as the operator scans; what it keeps for offline is the warehouse's
 * snapshot (locations and their stock, `snapshot`). What its move makes stale is the inventory's rows, named through
 * the shared key (the snapshot itself is changed in place by each move, not read again).
 */
export const moveKeys = {
  all: ['moves'] as const,
  snapshot: (warehouseId: number) => ['moves', 'snapshot', warehouseId] as const,
  staleAfterMove: [stockKeys.all] as const,
};
