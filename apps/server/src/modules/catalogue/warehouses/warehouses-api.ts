import type { WarehouseSummary } from '@wms/contract/entities';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import { existingWarehouseIds } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { activeWarehouseIds, warehouseSummaries } from './warehouses-repository';

/*
 * What other modules (users, accounts, registration) may ask about warehouses: they never import the warehouses
 * repository itself.
 */

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

/** Warehouse summaries in the caller's scope, optionally only those (not) assigned to a user. */
export const warehouseSummariesInScope = (
  db: Executor,
  scope: Scope,
  assignedTo?: { userId: number; assigned: boolean },
): Promise<WarehouseSummary[]> => warehouseSummaries(db, scope, assignedTo);

/** The ids among `ids` that name active warehouses (registration offers only those). */
export const activeWarehouseIdsAmong = (db: Executor, ids: readonly number[]): Promise<number[]> =>
  activeWarehouseIds(db, ids);
