import type { Executor } from '../../../db/client';
import { lotForReceipt } from './putaway';

/**
 * Lots by code, for modules that name a lot outside receiving (a cycle count finding a lot in a bin): the product's
 * lot with this code (case-insensitive), created without an expiry date when new — the next receipt of that lot
 * records its expiry (putaway.ts, lotForReceipt).
 */
export async function lotIdByCode(tx: Executor, productId: number, lotCode: string): Promise<number> {
  // Without an expiry date the lot is never refused: it is found, or created without one (lotForReceipt's overload).
  return lotForReceipt(tx, productId, lotCode, null);
}
