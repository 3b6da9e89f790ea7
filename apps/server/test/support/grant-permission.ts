import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { permissions, rolePermissions, roles } from '../../src/db/schema/access';

/**
 * Roles are data: a super-admin may grant a role more than its default set. Runs `body` with `names` granted to
 * `role`, then takes them back, so a test can show that only the scope (not the permission) keeps one warehouse's
 * manager off another warehouse's rows.
 */
export async function withPermissions(
  db: Executor,
  role: string,
  names: string[],
  body: () => Promise<void>,
): Promise<void> {
  const [target] = await db.select().from(roles).where(eq(roles.name, role));
  const granted = await db.select().from(permissions).where(inArray(permissions.name, names));
  const grants = granted.map((p) => ({ roleId: target!.id, permissionId: p.id }));
  await db.insert(rolePermissions).values(grants).onConflictDoNothing();
  try {
    await body();
  } finally {
    await db.delete(rolePermissions).where(
      and(
        eq(rolePermissions.roleId, target!.id),
        inArray(
          rolePermissions.permissionId,
          grants.map((g) => g.permissionId),
        ),
      ),
    );
  }
}
