import type { RoleName } from '@wms/contract/access';
import { DEFAULT_AVATAR, type User } from '@wms/contract/entities';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/qualified';
import { users } from '../../db/schema/users';

const userId = qualified(users.id);

/**
 * The API's view of users, with role, permissions and warehouse ids gathered in the same statement
 * (correlated sub-selects), so a page of users costs one query, not one per user.
 */
export async function loadUserViews(db: Executor, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      user: users,
      roles: sql<RoleName[]>`coalesce((
        select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${userId}), '{}')`,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p.name) from user_roles ur
        join role_permissions rp on rp.role_id = ur.role_id
        join permissions p on p.id = rp.permission_id
        where ur.user_id = ${userId}), '{}')`,
      warehouseIds: sql<number[]>`coalesce((
        select array_agg(wu.warehouse_id order by wu.warehouse_id) from warehouse_users wu
        where wu.user_id = ${userId}), '{}')`,
    })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id));
  const byId = new Map(rows.map((row) => [row.user.id, toUserView(row)]));
  return ids.map((id) => byId.get(id)).filter((u): u is User => u !== undefined);
}

export async function loadUserView(db: Executor, id: number): Promise<User | undefined> {
  const [user] = await loadUserViews(db, [id]);
  return user;
}

function toUserView(row: {
  user: typeof users.$inferSelect;
  roles: RoleName[];
  permissions: string[];
  warehouseIds: number[];
}): User {
  const { user } = row;
  const role = row.roles[0] ?? 'client';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role,
    roles: row.roles.map((name) => ({ name })),
    permissions: [...row.permissions].sort(),
    warehouse_ids: row.warehouseIds.map(Number),
    occupation: user.occupation,
    phone: user.phone,
    address: user.address,
    gender: user.gender,
    avatar: user.avatar ?? DEFAULT_AVATAR,
    must_change_password: user.mustChangePassword,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
