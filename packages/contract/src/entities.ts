import { z } from 'zod';
import { ROLES } from './access';

/** Shapes of what the API answers; the server serialises through these, the web reads them. */
export const GENDERS = ['male', 'female', 'other'] as const;
export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export const ACCOUNT_TYPES = ['regular', 'fast'] as const;
export const DEFAULT_AVATAR = '/images/avatar-placeholder.svg';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.object({ name: z.enum(ROLES) })),
  permissions: z.array(z.string()),
  warehouse_ids: z.array(z.number().int()),
  occupation: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  avatar: z.string(),
  must_change_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const warehouseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type WarehouseSummary = z.infer<typeof warehouseSummarySchema>;

export const warehouseSchema = warehouseSummarySchema.extend({
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  manager_name: z.string().nullable(),
  is_active: z.boolean(),
  notes: z.string().nullable(),
  /** IANA time zone name; billing days are days in this zone. */
  timezone: z.string(),
  /** The walking model (centimetres): distance between aisles, and the width of one rack along an aisle. */
  aisle_spacing_cm: z.number().int(),
  rack_spacing_cm: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  account_type: z.enum(ACCOUNT_TYPES),
  user_id: z.number().int(),
  user_name: z.string(),
  warehouse_ids: z.array(z.number().int()),
  warehouses: z.array(warehouseSummarySchema),
  warehouse_name: z.string().nullable(),
  /** Where its invoices are addressed, and the days after issue they are due (default 30). */
  billing_address: z.string().nullable(),
  payment_terms_days: z.number().int(),
  /**
   * Picking: lots expiring sooner than the ship date plus these days are never allocated; a short order is released
   * partly (the rest a backorder); a picker may take another lot expiring no sooner. Staff set them; the account's
   * client reads them as they read the payment terms.
   */
  min_remaining_shelf_life_days: z.number().int(),
  allow_partial_shipment: z.boolean(),
  allow_lot_substitution: z.boolean(),
  /**
   * Packing: the account's own GS1 company prefix for its cartons' SSCCs (null: the installation's), whether Ship
   * needs an uploaded shipping label, and whether a logo is uploaded for its packing slips.
   */
  gs1_company_prefix: z.string().nullable(),
  require_label: z.boolean(),
  has_logo: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
