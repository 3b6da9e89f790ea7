import { UNASSIGNED_LOCATION_CODE } from '@wms/contract/locations';
import { asc, sql } from 'drizzle-orm';
import { locationStock } from './schema/location-stock';
import { locations } from './schema/locations';

/*
 * A query piece several floor modules' repositories apply (the ledger taking units, pick suggestions, putaway
 * suggestions, stock per location): one definition of the order in which units leave their places.
 */

/**
 * The take order over location_stock joined with locations: pick first, then storage, then the other types, each
 * by walk order (walk_sequence, then the code's natural order); UNASSIGNED after those, quarantine last.
 */
export const takeOrder = [
  sql`case when ${locations.type} = 'quarantine' then 5
    when lower(${locations.code}) = lower(${UNASSIGNED_LOCATION_CODE}) then 4
    when ${locations.type} = 'pick' then 1 when ${locations.type} = 'storage' then 2 else 3 end`,
  sql`${locations.walkSequence} asc nulls last`,
  asc(locations.sortKey),
  asc(locations.id),
  sql`${locationStock.lotId} asc nulls first`,
];
