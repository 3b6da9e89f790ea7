import { canSeeWarehouse, type Scope } from '../../../auth/scope';

/**
 * Another user as the caller may see them: a manager learns only which of *their* warehouses the user works in,
 * not the rest of that user's assignments.
 */
export function userWithinScope<T extends { warehouse_ids: number[] }>(user: T, scope: Scope): T {
  if (scope.kind === 'all') return user;
  return { ...user, warehouse_ids: user.warehouse_ids.filter((id) => canSeeWarehouse(scope, id)) };
}

/** The same for lists of warehouse summaries (Manage Users). */
export function warehousesWithinScope<T extends { id: number }>(warehouses: T[], scope: Scope): T[] {
  return scope.kind === 'all' ? warehouses : warehouses.filter((w) => canSeeWarehouse(scope, w.id));
}
