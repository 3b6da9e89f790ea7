import { z } from 'zod';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, accountSchema } from './entities';
import { ID_ARRAY_MAX, idArraySchema, idSchema } from './ids';
import { requiredString } from './validation';

/** Spec 1 §5 and §8 texts of the accounts screens, plus the server's rule messages. */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'Account name is required',
  warehousesRequired: 'At least one warehouse is required',
  statusRequired: 'Status is required',
  typeRequired: 'Type is required',
  ownerRequired: 'Account owner is required',
  ownerMustBeClient: 'The account owner must be a client user.',
  warehouseInvalid: 'The selected warehouse is invalid.',
  clientCannotChangeStatus: 'Only staff can change the status of an account.',
  notFound: 'Account not found',
  warehouseIdRequired: 'Choose a warehouse (wId).',
  inUse: 'This account still owns products, inventory or other records. Set it to inactive instead of deleting it.',
  warehouseHasStock: 'This account still keeps stock in a warehouse you removed. Move or remove that stock first.',
  created: 'Account created successfully',
  updated: 'Account updated successfully',
  deleted: 'Account deleted successfully',
  statusUpdated: 'Status updated successfully',
  statusUpdateFailed: 'Failed to update status',
} as const;

const name = requiredString(ACCOUNT_MESSAGES.nameRequired);
const warehouseIds = idArraySchema(ACCOUNT_MESSAGES.warehousesRequired, ID_ARRAY_MAX).min(
  1,
  ACCOUNT_MESSAGES.warehousesRequired,
);
const status = z.enum(ACCOUNT_STATUSES, { error: ACCOUNT_MESSAGES.statusRequired });
const accountType = z.enum(ACCOUNT_TYPES, { error: ACCOUNT_MESSAGES.typeRequired });
const ownerId = idSchema(ACCOUNT_MESSAGES.ownerRequired);

/** The staff create form: every field required (spec 1 §5). */
export const staffAccountCreateSchema = z.object({
  name,
  warehouse_ids: warehouseIds,
  status,
  account_type: accountType,
  user_id: ownerId,
});

/** The client create form: owner is the client, status inactive, type regular; those fields are not offered. */
export const clientAccountCreateSchema = z.object({ name, warehouse_ids: warehouseIds });

/**
 * What POST and PUT /api/accounts accept from anyone. The server then validates it with the staff or the client
 * schema above (so a staff caller gets every "required" message at once, and a client's owner, status and type
 * are ignored).
 */
export const accountCreateBodySchema = z.object({
  name: z.unknown().optional(),
  warehouse_ids: z.unknown().optional(),
  status: z.unknown().optional(),
  account_type: z.unknown().optional(),
  user_id: z.unknown().optional(),
});
export type AccountCreateBody = z.infer<typeof accountCreateBodySchema>;

/** The staff edit form: name, warehouses, status and owner required; account_type may be changed. */
export const staffAccountUpdateSchema = z.object({
  name,
  warehouse_ids: warehouseIds,
  status,
  user_id: ownerId,
  account_type: accountType.optional(),
});
export const clientAccountUpdateSchema = clientAccountCreateSchema;
export const accountUpdateBodySchema = accountCreateBodySchema;
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;

export const accountStatusSchema = z.object({ status });

export const accountResponse = z.object({ data: accountSchema });
export const accountSavedResponse = z.object({ data: accountSchema, message: z.string() });
