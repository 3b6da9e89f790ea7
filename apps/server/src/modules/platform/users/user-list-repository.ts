import type { RoleName } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import type { UserListQuery, UserWarehouseAssignment } from '@wms/contract/users';
import { and, asc, count, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { userCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { qualified } from '../../../db/qualified';
import { users } from '../../../db/schema/users';
import { containsPattern, type Page, toPage } from '../../../http/pagination';
import { userWithinScope, warehousesWithinScope } from './user-scope';
import { loadUserViews } from './users-repository';

const userId = qualified(users.id);

function listConditions(scope: Scope, callerId: number, filter: UserListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [userCondition(scope, callerId)];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (filter.role) {
    conditions.push(sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = ${userId} and r.name = ${filter.role})`);
  }
  return and(...conditions);
}

/** A page of users in the caller's scope: one query for the page's ids, one for their views, one count. */
export async function listUsers(
  db: Executor,
  scope: Scope,
  callerId: number,
  filter: UserListQuery,
): Promise<Page<User>> {
  const where = listConditions(scope, callerId, filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const views = await loadUserViews(
    db,
    rows.map((row) => row.id),
  );
  return toPage(
    views.map((view) => (view.id === callerId ? view : userWithinScope(view, scope))),
    totals?.total ?? 0,
    filter,
  );
}

/** Users with the warehouses they are assigned to, for the Manage Users dialog; one query per page. */
export async function listUserWarehouseAssignments(
  db: Executor,
  scope: Scope,
  callerId: number,
  filter: UserListQuery,
): Promise<Page<UserWarehouseAssignment>> {
  const where = listConditions(scope, callerId, filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: sql<RoleName>`coalesce((select r.name from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${userId} order by r.id limit 1), 'client')`,
        warehouses: sql<UserWarehouseAssignment['warehouses']>`coalesce((
          select json_agg(json_build_object('id', w.id, 'name', w.name, 'code', w.code, 'city', w.city,
            'state', w.state) order by w.name, w.id)
          from warehouse_users wu join warehouses w on w.id = wu.warehouse_id
          where wu.user_id = ${userId}), '[]'::json)`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return toPage(
    rows.map((row) => ({ ...row, warehouses: warehousesWithinScope(row.warehouses, scope) })),
    totals?.total ?? 0,
    filter,
  );
}
