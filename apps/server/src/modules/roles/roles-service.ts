import { ROLE_MESSAGES, type Role, type UpdateRolePermissionsInput } from '@wms/contract/roles';
import type { RequestAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { fieldError, notFound } from '../../http/errors';
import { recordActivity } from '../activity/record-activity';
import { allPermissions, findRole, listRoles, replaceRolePermissions } from './roles-repository';

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
    await recordActivity(tx, {
      userId: auth.user.id,
      action: 'updated',
      subjectType: 'role',
      subjectId: id,
      description: `Permissions of role ${role.name} updated`,
      properties: {
        granted: wanted.filter((name) => !previous.has(name)),
        revoked: [...previous].filter((name) => !wanted.includes(name)),
      },
    });
  });
  const [updated] = await listRoles(db, [id]);
  return updated!;
}
