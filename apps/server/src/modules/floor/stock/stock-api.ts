import type { Executor } from '../../../db/client';
import { type LocationMove, type MoveRefusal, moveBetweenLocations } from './ledger';

/* What other modules may ask of the stock ledger: picking moves units from a location onto the staging location. */

/**
 * Units of one row and lot change location (two ledger rows naming both locations and the lot), on hand
 * unchanged; only unallocated units move. Answers why it was refused, or null.
 */
export const moveUnitsBetweenLocations = (tx: Executor, move: LocationMove): Promise<MoveRefusal | null> =>
  moveBetweenLocations(tx, move);
