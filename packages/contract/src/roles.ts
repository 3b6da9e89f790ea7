import { z } from 'zod';
import { PERMISSIONS, ROLES } from './access';
import { safeString } from './text';

export const ROLE_MESSAGES = {
  onlySuperAdmin: 'Only a super-admin can change role permissions.',
  superAdminKeepsAll: 'The super-admin role always holds every permission.',
  unknownPermission: 'Unknown permission',
  permissionsRequired: 'Permissions are required',
  updated: 'Permissions updated successfully',
} as const;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.enum(ROLES),
  label: z.string(),
  permissions: z.array(z.string()),
  users_count: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

/** GET /api/roles: every role with its permissions, and every permission that exists (the matrix's cells). */
export const rolesResponse = z.object({ data: z.array(roleSchema), permissions: z.array(z.string()) });

/** PUT /api/roles/{id}/permissions: the role's complete new set. */
export const updateRolePermissionsSchema = z.object({
  // Every permission there is, at most: a longer list can only repeat or invent names.
  permissions: z
    .array(safeString().trim().min(1).max(100), { error: ROLE_MESSAGES.permissionsRequired })
    .max(PERMISSIONS.length, ROLE_MESSAGES.permissionsRequired),
});
export type UpdateRolePermissionsInput = z.infer<typeof updateRolePermissionsSchema>;

export const roleSavedResponse = z.object({ data: roleSchema, message: z.string() });
