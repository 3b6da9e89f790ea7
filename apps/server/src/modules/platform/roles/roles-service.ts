import { ROLE_MESSAGES, type Role, type UpdateRolePermissionsInput } from '@wms/contract/roles';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../activity/activity-api';
import { allPermissions, findRole, listRoles, replaceRolePermissions } from './roles-repository';

/** Every role with its permissions, and the names of all permissions (the roles matrix). */
export async function listRolesWithPermissions(db: Database) {
  const [data, permissions] = await Promise.all([listRoles(db), allPermissions(db)]);
  return { data, permissions: permissions.map((p) => p.name) };
}

/**
 * Replaces a role's permissions (super-admin only). Permissions are read from the database on every request, so
 * the change applies to the role's users from their next request.
 */
export async function updateRolePermissions(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: UpdateRolePermissionsInput,
): Promise<Role> {
  auth.require('editRolePermissions', ROLE_MESSAGES.onlySuperAdmin);
  const role = await findRole(db, id);
  if (!role) throw notFound();
  const known = new Map((await allPermissions(db)).map((p) => [p.name, p.id]));
  const wanted = [...new Set(input.permissions)];
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length) throw fieldError('permissions', `${ROLE_MESSAGES.unknownPermission}: ${unknown.join(', ')}`);
  // The role that edits roles must never lock itself (or anyone) out of the system.
  if (role.name === 'super-admin' && wanted.length !== known.size) {
    throw fieldError('permissions', ROLE_MESSAGES.superAdminKeepsAll);
  }

  const [before] = await listRoles(db, [id]);
  await db.transaction(async (tx) => {
    await replaceRolePermissions(
      tx,
      id,
      wanted.map((name) => known.get(name)!),
    );
    const previous = new Set(before?.permissions ?? []);
    // Roles are global: the event concerns no warehouse or account, so only readers who see everything get it.
    await recordEvent(tx, {
      kind: 'role.updated',
      payload: {
        name: role.name,
        granted: wanted.filter((name) => !previous.has(name)),
        revoked: [...previous].filter((name) => !wanted.includes(name)),
      },
      actorId: auth.user.id,
      subject: { type: 'role', id },
      warehouseIds: [],
      accountIds: [],
    });
  });
  const [updated] = await listRoles(db, [id]);
  return updated!;
}
