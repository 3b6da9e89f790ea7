import { ROLE_LABELS, ROLES, type RoleName } from '@wms/contract/access';
import type { Role } from '@wms/contract/roles';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { permissions, rolePermissions, roles } from '../../../db/schema/access';

const roleId = qualified(roles.id);

/** Roles with their permission names and how many users hold them, in one statement. */
export async function listRoles(db: Executor, ids?: number[]): Promise<Role[]> {
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      permissions: sql<string[]>`coalesce((select array_agg(p.name order by p.name)
        from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = ${roleId}), '{}')`,
      usersCount: sql<number>`(select count(*)::int from user_roles ur where ur.role_id = ${roleId})`,
    })
    .from(roles)
    .where(ids ? inArray(roles.id, ids) : undefined)
    .orderBy(asc(roles.id));
  const rank = (name: string) => ROLES.indexOf(name as RoleName);
  return rows
    .filter((row) => rank(row.name) >= 0)
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((row) => ({
      id: row.id,
      name: row.name as RoleName,
      label: ROLE_LABELS[row.name as RoleName],
      permissions: row.permissions,
      users_count: Number(row.usersCount),
    }));
}

export async function findRole(db: Executor, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

export async function allPermissions(db: Executor) {
  return db.select().from(permissions).orderBy(asc(permissions.id));
}

/** Replaces the role's permission set; run inside a transaction so readers never see it half-written. */
export async function replaceRolePermissions(db: Executor, id: number, permissionIds: number[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
  if (permissionIds.length) {
    await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId: id, permissionId })));
  }
}
