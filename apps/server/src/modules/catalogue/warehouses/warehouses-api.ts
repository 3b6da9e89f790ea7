import type { WarehouseSummary } from '@wms/contract/entities';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { activeWarehouseIds, existingWarehouseIds, warehouseSummaries } from './warehouses-repository';

/*
 * What other modules (users, accounts, auth) may ask about warehouses: they never import the warehouses
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

/** Whether the warehouse exists and the caller may reach it (locations answer 404 otherwise). */
export async function isWarehouseInScope(db: Executor, scope: Scope, id: number): Promise<boolean> {
  if (!canSeeWarehouse(scope, id)) return false;
  return (await existingWarehouseIds(db, [id])).length === 1;
}
