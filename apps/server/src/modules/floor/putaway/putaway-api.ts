import type { Executor } from '../../../db/client';
import { locationsById, type PutawayLocationFacts, receiptPlacesOfShipment } from './putaway-repository';

/*
 * What receiving (shipments) asks of putaway: where lines should go, the facts of the locations a putaway names,
 * and where receipts put their units. It never imports the putaway repository.
 */

export type { PutawayLocationFacts };

/** The locations a putaway names, by id. */
export const putawayLocations = (db: Executor, ids: readonly number[]) => locationsById(db, ids);

/** Where the receipts of these shipments put their units (the shipment view's putaway per line). */
export const receiptPlaces = (db: Executor, shipmentIds: readonly number[]) => receiptPlacesOfShipment(db, shipmentIds);

export { suggestPutawayLocations } from './putaway';
export { type LinePlan, type PlannedPart, planPutaway } from './putaway-plan';
