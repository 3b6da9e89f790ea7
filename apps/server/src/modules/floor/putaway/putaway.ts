import type { PutawaySuggestion } from '@wms/contract/shipments';
import type { Executor } from '../../../db/client';
import {
  emptyStorageLocations,
  findLots,
  findUnassignedLocation,
  insertLots,
  locationsById,
  type PutawayLocationFacts,
  pickLocationsOfProducts,
  receiptPlacesOfShipment,
  setLotExpiry,
} from './putaway-repository';

/**
 * Receiving into locations (issue 20, "Putaway"), the inventory side the shipments module calls: the suggestion rule,
 * the facts of named locations, lots found or created per product and code, and where receipts put their units.
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

export type { PutawayLocationFacts };

/** The locations a putaway names, by id. */
export const putawayLocations = (db: Executor, ids: readonly number[]) => locationsById(db, ids);

export interface LotRequest {
  productId: number;
  lotCode: string;
  expiryDate: string | null;
}

/**
 * The lots received rows name, in their order: each found by product and code (case-insensitive), else created with
 * the expiry of the first row naming it; answers its id, or 'expiry_differs' when the lot is recorded (or named
 * earlier in the same receipt) with another expiry date; a lot recorded without one takes the date. Three queries
 * for any number of rows (read, create the missing, read again), plus one update per lot taking an expiry.
 */
export async function lotsForReceipt(
  tx: Executor,
  requests: readonly LotRequest[],
): Promise<(number | 'expiry_differs')[]> {
  if (requests.length === 0) return [];
  const keyOf = (productId: number, code: string) => `${productId}:${code.toLowerCase()}`;
  const firstOf = new Map<string, LotRequest>();
  for (const r of requests)
    if (!firstOf.has(keyOf(r.productId, r.lotCode))) firstOf.set(keyOf(r.productId, r.lotCode), r);
  const read = async (keys: readonly LotRequest[]) =>
    new Map((await findLots(tx, keys)).map((lot) => [keyOf(lot.productId, lot.lotCode), lot]));
  let lots = await read([...firstOf.values()]);
  const missing = [...firstOf.entries()].filter(([key]) => !lots.has(key)).map(([, r]) => r);
  if (missing.length > 0) {
    await insertLots(tx, missing);
    lots = new Map([...lots, ...(await read(missing))]);
  }
  const answers: (number | 'expiry_differs')[] = [];
  for (const { productId, lotCode, expiryDate } of requests) {
    const lot = lots.get(keyOf(productId, lotCode))!;
    if (expiryDate === null || lot.expiryDate === expiryDate) answers.push(lot.id);
    else if (lot.expiryDate !== null) answers.push('expiry_differs');
    else {
      await setLotExpiry(tx, lot.id, expiryDate);
      lot.expiryDate = expiryDate;
      answers.push(lot.id);
    }
  }
  return answers;
}

/**
 * One lot named outside a receipt (manual stock, a count finding a lot): `lotsForReceipt` of one row. Without an
 * expiry date the lot is never refused (found, or created without one), so that call answers only an id.
 */
export async function lotForReceipt(
  tx: Executor,
  productId: number,
  lotCode: string,
  expiryDate: null,
): Promise<number>;
export async function lotForReceipt(
  tx: Executor,
  productId: number,
  lotCode: string,
  expiryDate: string | null,
): Promise<number | 'expiry_differs'>;
export async function lotForReceipt(
  tx: Executor,
  productId: number,
  lotCode: string,
  expiryDate: string | null,
): Promise<number | 'expiry_differs'> {
  const [answer] = await lotsForReceipt(tx, [{ productId, lotCode, expiryDate }]);
  return answer!;
}

/** Where the receipts of these shipments put their units (the shipment view's putaway per line). */
export const receiptPlaces = (db: Executor, shipmentIds: readonly number[]) => receiptPlacesOfShipment(db, shipmentIds);
