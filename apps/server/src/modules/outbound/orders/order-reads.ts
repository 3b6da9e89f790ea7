import type { MergeItemRow } from '@wms/contract/orders';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { orderScope } from './order-scope';
import { loadMergeItemRows } from './orders-list-repository';

/*
 * What other modules read of orders (merge items), always within the caller's scope: they never import
 * the orders repositories themselves.
 */

/** A merge item as the orders list shows it, with only the children the caller may see. */
export async function loadListedMergeItem(db: Executor, scope: Scope, id: number): Promise<MergeItemRow | undefined> {
  return (await loadMergeItemRows(db, [id], orderScope(scope))).get(id);
}

