import type { Executor } from '../../../db/client';
import { placesOfInventory as placesOf } from './location-stock-repository';

/* What the demo seed uses of stock per location (other modules go through the ledger, stock-api.ts). */

/** Where an inventory row's units lie (location, lot, quantity), in take order. */
export const placesOfInventory = (db: Executor, inventoryId: number) => placesOf(db, inventoryId);
