import { z } from 'zod';
import { ROLES } from './access';
import { userSchema, warehouseSummarySchema } from './entities';
import { idArraySchema } from './ids';
import { VALIDATION } from './messages';
import { pageMetaSchema, paginationQuery } from './pagination';
import { emailField, requiredString } from './validation';

/** Spec 1 §5 and §8 texts for the users screens, plus the server's rule messages. */
export const USER_MESSAGES = {
  roleRequired: 'Role is required',
  adminRoleOnlyBySuperAdmin: 'Only a super-admin can assign or remove the admin role.',
  ownRoleUnchangeable: 'You cannot change your own role.',
  cannotDeleteYourself: 'You cannot delete your own user.',
  superAdminOnlyBySuperAdmin: 'Only a super-admin can change or delete an administrator.',
  ownsAccounts: 'This user owns accounts. Delete the accounts or give them another owner first.',
  ownerStaysClient: 'This user owns accounts, which only clients can own. Give the accounts another owner first.',
  inUse: 'This user is still referenced by other records and cannot be deleted.',
  warehouseInvalid: 'The selected warehouse is invalid.',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
} as const;

const roleField = z.enum(ROLES, { error: USER_MESSAGES.roleRequired });
const warehouseIds = idArraySchema(USER_MESSAGES.warehouseInvalid);

/**
 * POST /api/users. A `password` sent by the client is ignored: the server chooses a random initial password and
 * answers it once (`initial_password`); the user must change it at first sign-in.
 */
export const createUserSchema = z.object({
  name: requiredString(VALIDATION.nameRequired),
  email: emailField(VALIDATION.emailInvalidOnCreate),
  role: roleField,
  warehouse_ids: warehouseIds.default([]),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PUT /api/users/{id}. warehouse_ids, when sent, replaces the user's warehouse assignments. */
export const updateUserSchema = z.object({
  name: requiredString(VALIDATION.nameRequired),
  email: emailField(VALIDATION.emailInvalid),
  role: roleField,
  warehouse_ids: warehouseIds.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userListQuery = paginationQuery.extend({ role: z.enum(ROLES).optional() });
export type UserListQuery = z.infer<typeof userListQuery>;

export const userListResponse = z.object({
  users: z.array(userSchema),
  data: z.array(userSchema),
  meta: pageMetaSchema,
});

export const userResponse = z.object({ user: userSchema });
export const userSavedResponse = z.object({ user: userSchema, message: z.string() });
/** POST /api/users: the new user's random initial password, shown to the creator this once (it is stored hashed). */
export const userCreatedResponse = userSavedResponse.extend({ initial_password: z.string() });

/** One row of GET /api/users/warehouse-assignment (the Manage Users dialog). */
export const userWarehouseAssignmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  warehouses: z.array(warehouseSummarySchema),
});
export type UserWarehouseAssignment = z.infer<typeof userWarehouseAssignmentSchema>;

/** GET /api/users/{id}/warehouse-assignments: what the user has, and what else the caller could assign. */
export const userWarehouseAssignmentsSchema = z.object({
  user: userWarehouseAssignmentSchema.omit({ warehouses: true }),
  assigned: z.array(warehouseSummarySchema),
  available: z.array(warehouseSummarySchema),
});
export type UserWarehouseAssignments = z.infer<typeof userWarehouseAssignmentsSchema>;
