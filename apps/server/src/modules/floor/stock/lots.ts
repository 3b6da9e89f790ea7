import type { Executor } from '../../../db/client';
import { findLots, insertLots, setLotExpiry } from './lots-repository';

/**
 * Lots by code, for modules that name a lot outside receiving (a cycle count finding a lot in a bin): the product's
 * lot with this code (case-insensitive), created without an expiry date when new — the next receipt of that lot
 * records its expiry (lotForReceipt below).
 */
export async function lotIdByCode(tx: Executor, productId: number, lotCode: string): Promise<number> {
  // Without an expiry date the lot is never refused: it is found, or created without one (lotForReceipt's overload).
  return lotForReceipt(tx, productId, lotCode, null);
}

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
