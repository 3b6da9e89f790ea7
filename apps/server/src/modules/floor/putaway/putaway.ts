import type { PutawaySuggestion } from '@wms/contract/shipments';
import type { Executor } from '../../../db/client';
import { emptyStorageLocations, findUnassignedLocation, pickLocationsOfProducts } from './putaway-repository';

/**
 * Receiving into locations ("Putaway"), the inventory side the shipments module calls: the suggestion rule,
 * the facts of named locations and where receipts put their units (lots: stock/lots.ts).
 */

export interface SuggestionRequest {
  warehouseId: number;
  accountId: number;
  lines: readonly { lineId: number; productId: number }[];
}

/**
 * Where each line should go: the product's existing pick location in that warehouse (for that account), else an
 * empty active storage location (a different one per line, while there are enough), else UNASSIGNED.
 */
export async function suggestPutawayLocations(db: Executor, request: SuggestionRequest): Promise<PutawaySuggestion[]> {
  const { warehouseId, accountId, lines } = request;
  const picks = await pickLocationsOfProducts(
    db,
    warehouseId,
    accountId,
    lines.map((l) => l.productId),
  );
  const needEmpty = lines.filter((l) => !picks.has(l.productId)).length;
  const empties = await emptyStorageLocations(db, warehouseId, needEmpty);
  const unassigned = empties.length < needEmpty ? await findUnassignedLocation(db, warehouseId) : undefined;
  let nextEmpty = 0;
  return lines.map(({ lineId, productId }) => {
    const pick = picks.get(productId);
    if (pick) return { line_id: lineId, product_id: productId, location: pick, rule: 'pick_location' as const };
    const empty = empties[nextEmpty++];
    if (empty) return { line_id: lineId, product_id: productId, location: empty, rule: 'empty_storage' as const };
    return { line_id: lineId, product_id: productId, location: unassigned ?? null, rule: 'unassigned' as const };
  });
}
