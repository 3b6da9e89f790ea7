import { z } from 'zod';
import { warehouseSchema } from './entities';
import { idArraySchema, idSchema } from './ids';
import { VALIDATION } from './messages';
import { optionalText, safeString } from './text';
import { EMAIL_PATTERN } from './validation';

/** Spec 1 §5 and §8 texts of the warehouses screen, plus the server's rule messages. */
export const WAREHOUSE_MESSAGES = {
  fieldRequired: 'this field is required',
  codeTaken: 'The code has already been taken.',
  userInvalid: 'The selected user is invalid.',
  usersRequired: 'At least one user is required',
  userNotAssigned: 'The user is not assigned to this warehouse.',
  inUse: 'This warehouse still has accounts or users assigned. Set it to inactive instead of deleting it.',
  inUseByRecords: 'This warehouse is still referenced by other records. Set it to inactive instead of deleting it.',
  created: 'Warehouse created successfully',
  updated: 'Warehouse updated successfully',
  deleted: 'Warehouse deleted successfully',
  timezoneInvalid: 'Enter an IANA time zone name, such as Europe/Berlin or America/New_York.',
  aisleSpacingInvalid: 'The aisle spacing is a whole number of centimetres from 1 to 100000.',
  rackSpacingInvalid: 'The rack spacing is a whole number of centimetres from 1 to 100000.',
  usersAssigned: 'Users assigned successfully',
  userRemoved: 'User removed successfully',
} as const;

const required = (max: number) =>
  safeString({ error: WAREHOUSE_MESSAGES.fieldRequired })
    .trim()
    .min(1, { error: WAREHOUSE_MESSAGES.fieldRequired, abort: true })
    .max(max);
/** Optional text: absent leaves the stored value alone on update (`.optional()` skips undefined); blank clears it. */
const updatableText = (max: number) => optionalText(max).optional();
/** Whether Intl knows the name as a time zone (IANA names and their aliases such as `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!name || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const userIds = idArraySchema(WAREHOUSE_MESSAGES.userInvalid);

/** The walking model's spacing bounds (centimetres): the estimate of a wave's walk is built from them. */
export const SPACING_MIN_CM = 1;
export const SPACING_MAX_CM = 100_000;
/** Absent keeps the stored spacing (the defaults for a new warehouse: 300 cm between aisles, 120 cm per rack). */
const spacingCm = (message: string) =>
  z.number({ error: message }).int(message).min(SPACING_MIN_CM, message).max(SPACING_MAX_CM, message).optional();

/** POST /api/warehouses and PUT /api/warehouses/{id}. user_ids, when sent, replaces the assigned users. */
export const warehouseInputSchema = z.object({
  name: required(255),
  code: required(50),
  address: updatableText(500),
  city: updatableText(100),
  state: updatableText(100),
  zip_code: updatableText(20),
  country: updatableText(100),
  phone: updatableText(50),
  email: updatableText(200).refine((v) => !v || EMAIL_PATTERN.test(v), VALIDATION.emailInvalid),
  manager_name: updatableText(200),
  is_active: z.boolean().optional(),
  notes: updatableText(2000),
  /** Absent keeps the stored zone (UTC for a new warehouse). */
  timezone: safeString().trim().max(64).refine(isTimeZone, { error: WAREHOUSE_MESSAGES.timezoneInvalid }).optional(),
  /** The walking model: centre-to-centre distance between two aisles, and the width of one rack (bay) along one. */
  aisle_spacing_cm: spacingCm(WAREHOUSE_MESSAGES.aisleSpacingInvalid),
  rack_spacing_cm: spacingCm(WAREHOUSE_MESSAGES.rackSpacingInvalid),
  user_ids: userIds.optional(),
});
export type WarehouseInput = z.infer<typeof warehouseInputSchema>;

export const assignUsersSchema = z.object({
  user_ids: userIds.min(1, WAREHOUSE_MESSAGES.usersRequired),
});
export const removeUserSchema = z.object({
  user_id: idSchema(WAREHOUSE_MESSAGES.userInvalid),
});

export const warehouseUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** GET /api/warehouses/{id}: users are listed only for callers who may view users (empty otherwise). */
export const warehouseDetailSchema = warehouseSchema.extend({
  users: z.array(warehouseUserSchema),
  users_count: z.number().int(),
  user_ids: z.array(z.number().int()),
});
export type WarehouseDetail = z.infer<typeof warehouseDetailSchema>;

export const warehouseResponse = z.object({ warehouse: warehouseDetailSchema });
export const warehouseSavedResponse = z.object({ warehouse: warehouseDetailSchema, message: z.string() });

/**
 * GET /api/warehouses/{id}/statistics. Account, product and stock figures count only the accounts in the
 * caller's scope (a client sees their own); users_count is null for callers who may not view users.
 */
export const ordersByStatusSchema = z.object({
  status_id: z.number().int(),
  name: z.string(),
  color: z.string(),
  lifecycle: z.enum(['open', 'shipped', 'cancelled']),
  count: z.number().int(),
});
export type OrdersByStatus = z.infer<typeof ordersByStatusSchema>;

export const warehouseStatisticsSchema = z.object({
  warehouse_id: z.number().int(),
  users_count: z.number().int().nullable(),
  accounts_count: z.number().int(),
  active_accounts_count: z.number().int(),
  /** Distinct products with a stock row in this warehouse. */
  products_count: z.number().int(),
  units_on_hand: z.number().int(),
  units_reserved: z.number().int(),
  units_available: z.number().int(),
  /** Orders of this warehouse in the caller's scope, and how many have each status (statuses without orders left out). */
  orders_count: z.number().int(),
  orders_by_status: z.array(ordersByStatusSchema),
});
export type WarehouseStatistics = z.infer<typeof warehouseStatisticsSchema>;
export const warehouseStatisticsResponse = z.object({ data: warehouseStatisticsSchema });
