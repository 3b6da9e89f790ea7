import { isKitKind, KIT_MESSAGES, type ProductKind } from '@wms/contract/kits';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { componentsOf, hasComponents, kitsContaining } from './kit-components-repository';
import { hasInventory } from './products-repository';

/** A product's kit relations: its components (a kit) and the kits it is in (a component). */
export async function kitRelationsOf(db: Executor, productId: number) {
  const [components, kits] = await Promise.all([componentsOf(db, productId), kitsContaining(db, productId)]);
  return { components, kits };
}

/**
 * The kind-change rules, checked inside the update's transaction after the product row is locked: a standard product
 * keeps no components, a component never becomes a kit, and a bundle has no stock of its own.
 */
export async function assertKindChange(tx: Executor, productId: number, from: ProductKind, to: ProductKind) {
  if (from === to) return;
  if (to === 'standard' && (await hasComponents(tx, productId))) {
    throw fieldError('kind', KIT_MESSAGES.standardWithComponents);
  }
  if (isKitKind(to)) {
    const kits = await kitsContaining(tx, productId);
    if (kits.length > 0) throw fieldError('kind', KIT_MESSAGES.componentCannotBeKit(kits.map((k) => k.sku)));
  }
  if (to === 'bundle' && (await hasInventory(tx, productId))) throw fieldError('kind', KIT_MESSAGES.bundleWithStock);
}

/** A kit or a component stays in its account: the other side would otherwise belong to another client. */
export async function assertAccountMoveAllowed(tx: Executor, productId: number) {
  const { components, kits } = await kitRelationsOf(tx, productId);
  if (components.length > 0 || kits.length > 0) throw fieldError('account_id', KIT_MESSAGES.kitCannotMove);
}
