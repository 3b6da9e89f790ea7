import { isKitKind, KIT_MESSAGES, type KitComponentsInput, type KitComponentsView } from '@wms/contract/kits';
import { PRODUCT_MESSAGES } from '@wms/contract/products';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { type FieldErrors, fieldError, notFound, validationError } from '../../../http/errors';
import { accountEventScope, recordEvent } from '../../platform/activity/activity-api';
import { kitRelationsOf } from './kind-change';
import { bundleComponentRows, lockAccountProducts, lockKit, replaceComponentRows } from './kit-components-repository';
import { getProduct } from './products-service';

export async function getComponents(db: Executor, auth: RequestAuth, id: number): Promise<KitComponentsView> {
  const product = await getProduct(db, auth, id);
  return { kind: product.kind, ...(await kitRelationsOf(db, id)) };
}

/**
 * Replaces a kit's components in one transaction. Each must be a standard product of the kit's account, listed once;
 * a kit (bundle or assembled) as a component is refused with its own message (nested kits are not supported).
 */
export async function replaceComponents(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: KitComponentsInput,
): Promise<KitComponentsView> {
  const product = await getProduct(db, auth, id);
  await db.transaction(async (tx) => {
    const kit = await lockKit(tx, id);
    if (!kit || kit.accountId !== product.account_id) throw notFound(PRODUCT_MESSAGES.notFound);
    if (!isKitKind(kit.kind)) throw fieldError('components', KIT_MESSAGES.notAKit);
    const ids = input.components.map((c) => c.product_id);
    const found = new Map((await lockAccountProducts(tx, kit.accountId, ids)).map((p) => [p.id, p]));
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    input.components.forEach((line, index) => {
      const field = `components.${index}.product_id`;
      const component = found.get(line.product_id);
      if (line.product_id === id) errors[field] = [KIT_MESSAGES.componentIsSelf];
      else if (!component) errors[field] = [KIT_MESSAGES.componentNotFound];
      else if (isKitKind(component.kind)) errors[field] = [KIT_MESSAGES.componentIsKit(component.sku)];
      else if (seen.has(line.product_id)) errors[field] = [KIT_MESSAGES.componentRepeated];
      seen.add(line.product_id);
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    await replaceComponentRows(
      tx,
      id,
      input.components.map((c) => ({ productId: c.product_id, quantity: c.quantity })),
    );
    await recordEvent(tx, {
      kind: 'product.components_changed',
      payload: {
        sku: kit.sku,
        components: input.components.map((c) => ({ sku: found.get(c.product_id)!.sku, quantity: c.quantity })),
      },
      actorId: auth.user.id,
      subject: { type: 'product', id },
      ...(await accountEventScope(tx, [kit.accountId])),
    });
  });
  return { message: KIT_MESSAGES.componentsUpdated, ...(await getComponents(db, auth, id)) };
}

/**
 * What each bundle among these products is ordered as: its components and their units per kit. Order creation
 * writes a bundle line as these component lines (reserved, picked and shipped like any product).
 */
export const bundleComponentsOf = (db: Executor, productIds: readonly number[]) => bundleComponentRows(db, productIds);
