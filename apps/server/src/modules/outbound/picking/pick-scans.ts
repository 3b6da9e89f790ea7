import { PICKING_MESSAGES, type PickConfirmInput } from '@wms/contract/picking';
import type { Executor } from '../../../db/client';
import { validationError } from '../../../http/errors';
import type { LockedTask, LockedWave, TaskShare } from './picking-repository';
import { freeUnitsAt, lotOfProduct } from './picking-repository';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Checks what the picker scanned against the task, in the order they scan (location, product, lot, quantity, totes)
 * and refuses at the first mistake with what was expected, so the handheld can say it at once. Answers the lot
 * to take: the allocated one, or a substitute of the same product in the same location with an equal or later
 * expiry when the account allows it and the substitute has the free units.
 */
export async function checkScans(
  tx: Executor,
  wave: LockedWave,
  task: LockedTask,
  shares: readonly TaskShare[],
  input: PickConfirmInput,
): Promise<number | null> {
  const refuse = (field: string, message: string) => validationError({ [field]: [message] });
  if (!same(input.location_code, task.locationCode)) {
    throw refuse('location_code', PICKING_MESSAGES.wrongLocation(task.locationCode));
  }
  const productMatches =
    same(input.product_code, task.sku) || (task.barcode !== null && same(input.product_code, task.barcode));
  if (!productMatches) throw refuse('product_code', PICKING_MESSAGES.wrongProduct(task.sku, task.barcode));
  const lotId = await checkLot(tx, task, input);
  if (input.quantity !== task.quantity) throw refuse('quantity', PICKING_MESSAGES.wrongQuantity(task.quantity));
  if (wave.mode === 'cluster') checkTotes(shares, input, refuse);
  return lotId;
}

async function checkLot(tx: Executor, task: LockedTask, input: PickConfirmInput): Promise<number | null> {
  if (task.lotId === null) return null;
  const allocated = task.lotCode ?? '';
  const refuse = (message: string) => validationError({ lot_code: [message] });
  if (!input.lot_code) throw refuse(PICKING_MESSAGES.lotRequired(allocated));
  if (same(input.lot_code, allocated)) return task.lotId;
  if (!task.allowLotSubstitution) throw refuse(PICKING_MESSAGES.substituteNotAllowed(allocated));
  const substitute = await lotOfProduct(tx, task.productId, input.lot_code);
  if (!substitute) throw refuse(PICKING_MESSAGES.wrongLot(allocated));
  // Equal or later expiry: a lot without expiry replaces only a lot without expiry... or any, when the allocated
  // lot has none (lot-tracked products without expiry dates).
  if (task.lotExpiry !== null && (substitute.expiry === null || substitute.expiry < task.lotExpiry)) {
    throw refuse(PICKING_MESSAGES.substituteExpiresSooner(allocated));
  }
  const free = await freeUnitsAt(tx, task.inventoryId, task.locationId, substitute.id);
  if (free < task.quantity) throw refuse(PICKING_MESSAGES.substituteShort(substitute.code, free));
  return substitute.id;
}

function checkTotes(
  shares: readonly TaskShare[],
  input: PickConfirmInput,
  refuse: (field: string, message: string) => Error,
): void {
  const scanned = new Map((input.totes ?? []).map((t) => [t.order_id, t]));
  for (const share of shares) {
    const tote = scanned.get(share.orderId);
    if (!tote) throw refuse('totes', PICKING_MESSAGES.toteMissing(share.orderNumber, share.tote ?? ''));
    if (!same(tote.tote, share.tote))
      throw refuse('totes', PICKING_MESSAGES.wrongTote(share.orderNumber, share.tote ?? ''));
    if (tote.quantity !== share.quantity) {
      throw refuse('totes', PICKING_MESSAGES.toteQuantity(share.orderNumber, share.quantity));
    }
  }
}
