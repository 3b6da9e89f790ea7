import { INVENTORY_MESSAGES, type StockPlaceInput } from '@wms/contract/inventory';
import type { Executor } from '../../../db/client';
import { validationError } from '../../../http/errors';
import { locationFacts } from './ledger-repository';
import { lotForReceipt } from './lots';
import { isLotOfProduct } from './lots-repository';

/**
 * Where a manual change of on hand (Add Inventory, edit, adjustment) lands or comes from. The receiving
 * rules apply to units added by hand, so stock never enters without a place or, for a product tracking lots or
 * expiry, without a lot:
 * - added units go to the named location (active, of the row's warehouse), else UNASSIGNED, in the lot `lot_code`
 *   (found or created like a receipt's; required when the product tracks lots or expiry, the expiry date too when it
 *   tracks expiry);
 * - taken units come from the named location and lot; naming a location of a lot-tracked product needs the lot too;
 *   without a location they follow the take order, within `lot_id` when one is named.
 * Every broken rule is reported at once on its field; another warehouse's (or an unknown) location or lot reads as
 * invalid, so ids outside the caller's warehouses reveal nothing.
 */

export interface ManualChange {
  warehouseId: number;
  product: { id: number; track_lots: boolean; track_expiry: boolean };
  onHandDelta: number;
  place: StockPlaceInput;
}

/** The ledger's `locationId` / `lotId` for the change (null: UNASSIGNED or the take order; no lot). */
export interface ResolvedPlace {
  locationId: number | null;
  lotId: number | null;
}

export async function resolveManualPlace(tx: Executor, change: ManualChange): Promise<ResolvedPlace> {
  if (change.onHandDelta === 0) return { locationId: null, lotId: null };
  return change.onHandDelta > 0 ? arrivalPlace(tx, change) : takingPlace(tx, change);
}

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};
const throwIfAny = (errors: Errors) => {
  if (Object.keys(errors).length > 0) throw validationError(errors);
};

async function arrivalPlace(tx: Executor, { warehouseId, product, place }: ManualChange): Promise<ResolvedPlace> {
  const errors: Errors = {};
  if (place.location_id !== null) {
    const location = await locationFacts(tx, place.location_id);
    if (!location || location.warehouseId !== warehouseId)
      add(errors, 'location_id', INVENTORY_MESSAGES.locationInvalid);
    else if (!location.isActive) add(errors, 'location_id', INVENTORY_MESSAGES.locationInactive);
  }
  if ((product.track_lots || product.track_expiry) && !place.lot_code) {
    add(errors, 'lot_code', INVENTORY_MESSAGES.lotCodeRequired);
  }
  if (product.track_expiry && !place.expiry_date) add(errors, 'expiry_date', INVENTORY_MESSAGES.expiryRequired);
  throwIfAny(errors);
  if (!place.lot_code) return { locationId: place.location_id, lotId: null };
  const lot = await lotForReceipt(tx, product.id, place.lot_code, place.expiry_date);
  if (lot === 'expiry_differs') throw validationError({ expiry_date: [INVENTORY_MESSAGES.lotExpiryDiffers] });
  return { locationId: place.location_id, lotId: lot };
}

async function takingPlace(tx: Executor, { warehouseId, product, place }: ManualChange): Promise<ResolvedPlace> {
  const errors: Errors = {};
  if (place.location_id !== null) {
    // Taking from an inactive location is allowed: it is how a bin is emptied before it goes.
    const location = await locationFacts(tx, place.location_id);
    if (!location || location.warehouseId !== warehouseId)
      add(errors, 'location_id', INVENTORY_MESSAGES.locationInvalid);
  }
  if (place.lot_id !== null && !(await isLotOfProduct(tx, place.lot_id, product.id))) {
    add(errors, 'lot_id', INVENTORY_MESSAGES.lotInvalid);
  } else if (place.location_id !== null && place.lot_id === null && (product.track_lots || product.track_expiry)) {
    add(errors, 'lot_id', INVENTORY_MESSAGES.lotToTakeRequired);
  }
  throwIfAny(errors);
  return { locationId: place.location_id, lotId: place.lot_id };
}
