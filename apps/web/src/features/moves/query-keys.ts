import { stockKeys } from '../../lib/query-keys/shared-keys';

/**
 * The scan screen reads location by location as the operator scans (no cached queries of its own); what its move
 * makes stale is the inventory's rows, named through the shared key.
 */
export const moveKeys = {
  staleAfterMove: [stockKeys.all] as const,
};
