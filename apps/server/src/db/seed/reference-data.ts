import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLES } from '@wms/contract/access';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { permissions, rolePermissions, roles } from '../schema/access';
import { ensureDefaultStatuses } from './default-statuses';

/**
 * Makes sure every role and permission the code knows exists. A role gets its default permission set only when
 * it is first created, so changes made on the Roles screen survive restarts; super-admin always holds everything.
 */
export async function ensureReferenceData(db: Executor): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  const created = await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning();
  const allPermissions = await db.select().from(permissions);
  const permissionId = new Map(allPermissions.map((p) => [p.name, p.id]));

  const grants = created.flatMap((role) =>
    DEFAULT_ROLE_PERMISSIONS[role.name as keyof typeof DEFAULT_ROLE_PERMISSIONS].map((name) => ({
      roleId: role.id,
      permissionId: permissionId.get(name)!,
    })),
  );
  const [superAdmin] = await db
    .select()
    .from(roles)
    .where(inArray(roles.name, ['super-admin']));
  if (superAdmin) grants.push(...allPermissions.map((p) => ({ roleId: superAdmin.id, permissionId: p.id })));
  if (grants.length) await db.insert(rolePermissions).values(grants).onConflictDoNothing();
  await ensureDefaultStatuses(db);
}
