import { eq, type SQL, sql } from 'drizzle-orm';
import { canSeeWarehouse, type Scope } from '../../auth/scope';
import { qualified } from '../../db/qualified';
import { users } from '../../db/schema/users';

/**
 * Which users a caller may see: admins all; a manager those assigned to one of their warehouses; anyone else
 * (a client, should a role ever grant them users) only themselves.
 */
export function userCondition(scope: Scope, callerId: number): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'accounts' || scope.warehouseIds.length === 0) return eq(users.id, callerId);
  return sql`exists (select 1 from warehouse_users wu where wu.user_id = ${qualified(users.id)}
    and wu.warehouse_id in (${sql.join(
      scope.warehouseIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

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
