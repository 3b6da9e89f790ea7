import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { notFound } from '../http/errors';
import { canSeeWarehouse, type Scope } from './scope';
import { existingWarehouseIds, idsInScope } from './scope-repository';

/**
 * A kind of row callers act on by id (order, shipment, inquiry…) and the condition that limits it to a scope.
 * Each area declares its resource once, next to its repository; services then ask the gate, never re-derive scope.
 */
export interface ScopedResource {
  table: PgTable;
  id: PgColumn;
  scopeCondition(scope: Scope): SQL | undefined;
  /** The 404 message for an id out of scope or missing (they are indistinguishable by design). */
  notFoundMessage: string;
}

/**
 * warehouseAccountScope for one row already in memory (the webhook dispatcher filters a round's events per
 * subscription without a query each): the same rule, so a subscription receives exactly what its creator's
 * GET /api/events lists. A row without a warehouse is outside every warehouse-limited scope, as in SQL.
 */
export function warehouseAccountAllows(scope: Scope, row: { warehouseId: number | null; accountId: number }): boolean {
  if (scope.kind === 'all') return true;
  const inWarehouse = row.warehouseId !== null && scope.warehouseIds.includes(row.warehouseId);
  if (scope.kind === 'warehouses') return inWarehouse;
  return inWarehouse && scope.accountIds.includes(row.accountId);
}

/**
 * The one access gate: may this caller act on these ids? Answers nothing when every id is in scope;
 * throws 404 when any is not (or does not exist) — for a set (bulk, merge) the whole request is refused, so a
 * caller never learns which of someone else's ids exist.
 */
export async function requireAccess(
  db: Executor,
  scope: Scope,
  resource: ScopedResource,
  ids: number | readonly number[],
): Promise<void> {
  const wanted = [...new Set(typeof ids === 'number' ? [ids] : ids)];
  if (wanted.length === 0) return;
  if ((await idsInScope(db, resource, scope, wanted)).length !== wanted.length)
    throw notFound(resource.notFoundMessage);
}

/** Whether the warehouse exists and the caller may reach it (locations answer 404 otherwise). */
export async function isWarehouseInScope(db: Executor, scope: Scope, id: number): Promise<boolean> {
  if (!canSeeWarehouse(scope, id)) return false;
  return (await existingWarehouseIds(db, [id])).length === 1;
}
