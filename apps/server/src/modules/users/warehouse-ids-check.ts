import { canSeeWarehouse, type Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { fieldError } from '../../http/errors';
import { existingWarehouseIds } from '../warehouses/warehouses-repository';

/**
 * Warehouse ids sent by a caller, deduplicated, after checking each exists and is within the caller's scope
 * (an id outside it is answered exactly like an unknown one).
 */
export async function checkedWarehouseIds(
  db: Executor,
  scope: Scope,
  ids: readonly number[],
  field: string,
  message: string,
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const existing = new Set(await existingWarehouseIds(db, wanted));
  if (wanted.some((id) => !existing.has(id) || !canSeeWarehouse(scope, id))) throw fieldError(field, message);
  return wanted;
}
