import type { Executor } from '../../../db/client';
import { createLocationCountIn } from './cycle-counts-service';

/* What other modules may ask of cycle counts: picking creates a count of a location it sends to hospital. */

/** A count of one location, in the caller's transaction; answers its id. */
export const createLocationCount = (
  tx: Executor,
  input: { warehouseId: number; locationId: number; code: string; userId: number; notes: string },
): Promise<number> => createLocationCountIn(tx, input);
