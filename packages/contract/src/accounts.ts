import { z } from 'zod';
import { addressField } from './billing-settings';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, accountSchema } from './entities';
import { ID_ARRAY_MAX, idArraySchema, idSchema } from './ids';
import { accountPackingSettingsFields } from './packing';
import { requiredString } from './validation';
import { accountPickingSettingsFields } from './waves';

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
  /** What an account holds, said before deleting and in the 409 that refuses it. */
  holds: (name: string, holdings: AccountHoldings) =>
    `${name} still holds ${describeAccountHoldings(holdings)}. Set it to inactive instead of deleting it.`,
  holdsNothing: (name: string) => `${name} holds no products, stock or orders.`,
  statusUpdated: 'Status updated successfully',
  statusUpdateFailed: 'Failed to update status',
  paymentTermsInvalid: 'Payment terms are a whole number of days from 0 to 365.',
} as const;

/** An invoice is due this many days after it is issued unless the account says otherwise. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const PAYMENT_TERMS_MAX_DAYS = 365;

const name = requiredString(ACCOUNT_MESSAGES.nameRequired);
const warehouseIds = idArraySchema(ACCOUNT_MESSAGES.warehousesRequired, ID_ARRAY_MAX).min(
  1,
  ACCOUNT_MESSAGES.warehousesRequired,
);
const status = z.enum(ACCOUNT_STATUSES, { error: ACCOUNT_MESSAGES.statusRequired });
const accountType = z.enum(ACCOUNT_TYPES, { error: ACCOUNT_MESSAGES.typeRequired });
const ownerId = idSchema(ACCOUNT_MESSAGES.ownerRequired);
/** Optional on every form: left out, an update keeps the stored value and a new account gets the default. */
const billingAddress = addressField.nullable().optional();
const paymentTermsDays = z
  .number({ error: ACCOUNT_MESSAGES.paymentTermsInvalid })
  .int(ACCOUNT_MESSAGES.paymentTermsInvalid)
  .min(0, ACCOUNT_MESSAGES.paymentTermsInvalid)
  .max(PAYMENT_TERMS_MAX_DAYS, ACCOUNT_MESSAGES.paymentTermsInvalid)
  .optional();
/**
 * What allocation, the handheld and the packing station may do for the account's orders (staff only, like the
 * payment terms): left out, an update keeps the stored value and a new account gets the default (0 days, all off,
 * no prefix of its own).
 */
const pickingSettings = {
  min_remaining_shelf_life_days: accountPickingSettingsFields.min_remaining_shelf_life_days.optional(),
  allow_partial_shipment: accountPickingSettingsFields.allow_partial_shipment.optional(),
  allow_lot_substitution: accountPickingSettingsFields.allow_lot_substitution.optional(),
  gs1_company_prefix: accountPackingSettingsFields.gs1_company_prefix.optional(),
  require_label: accountPackingSettingsFields.require_label.optional(),
};

/** The staff create form: every field required (spec 1 §5). */
export const staffAccountCreateSchema = z.object({
  name,
  warehouse_ids: warehouseIds,
  status,
  account_type: accountType,
  user_id: ownerId,
  billing_address: billingAddress,
  payment_terms_days: paymentTermsDays,
  ...pickingSettings,
});

/**
 * The client create form: owner is the client, status inactive, type regular; those fields are not offered. A
 * client gives their own billing address; payment terms are staff's to set.
 */
export const clientAccountCreateSchema = z.object({
  name,
  warehouse_ids: warehouseIds,
  billing_address: billingAddress,
});

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
  billing_address: z.unknown().optional(),
  payment_terms_days: z.unknown().optional(),
  min_remaining_shelf_life_days: z.unknown().optional(),
  allow_partial_shipment: z.unknown().optional(),
  allow_lot_substitution: z.unknown().optional(),
  gs1_company_prefix: z.unknown().optional(),
  require_label: z.unknown().optional(),
});
export type AccountCreateBody = z.infer<typeof accountCreateBodySchema>;

/** The staff edit form: name, warehouses, status and owner required; account_type may be changed. */
export const staffAccountUpdateSchema = z.object({
  name,
  warehouse_ids: warehouseIds,
  status,
  user_id: ownerId,
  account_type: accountType.optional(),
  billing_address: billingAddress,
  payment_terms_days: paymentTermsDays,
  ...pickingSettings,
});
export const clientAccountUpdateSchema = clientAccountCreateSchema;
export const accountUpdateBodySchema = accountCreateBodySchema;
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;

export const accountStatusSchema = z.object({ status });

/** GET /accounts/{id}/holdings: what the account still holds (the delete dialog says it before asking). */
export const accountHoldingsSchema = z.object({
  products: z.number().int(),
  /** Units on hand over every inventory row of the account. */
  stock_units: z.number().int(),
  open_orders: z.number().int(),
  /** Every order of the account, open or not (shipped and cancelled ones keep it too). */
  orders: z.number().int(),
});
export type AccountHoldings = z.infer<typeof accountHoldingsSchema>;
export const accountHoldingsResponse = z.object({ data: accountHoldingsSchema });

/** Whether anything keeps the account from being deleted (its products, stock and orders reference it). */
export const accountHoldsRecords = (h: AccountHoldings) =>
  h.products > 0 || h.stock_units > 0 || h.open_orders > 0 || h.orders > 0;

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** '12 products, 340 units in stock and 3 open orders (5 orders in all)': the non-zero counts only. */
export function describeAccountHoldings(h: AccountHoldings): string {
  const parts = [
    h.products > 0 && counted(h.products, 'product', 'products'),
    h.stock_units > 0 && counted(h.stock_units, 'unit in stock', 'units in stock'),
    h.open_orders > 0 && counted(h.open_orders, 'open order', 'open orders'),
  ].filter((part): part is string => part !== false);
  const closed = h.orders - h.open_orders;
  if (closed > 0) parts.push(counted(closed, 'shipped or cancelled order', 'shipped or cancelled orders'));
  if (parts.length === 0) return 'no products, stock or orders';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export const accountResponse = z.object({ data: accountSchema });
export const accountSavedResponse = z.object({ data: accountSchema, message: z.string() });
