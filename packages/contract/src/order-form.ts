import { z } from 'zod';
import { idSchema, optionalIdField } from './ids';
import { QUANTITY_MAX } from './inventory';
import { optionalText, safeString, typedText } from './text';
import { requiredString } from './validation';
import { type OrderPriority, orderPriorityField } from './waves';

/**
 * The order form (spec 2 §3 Create-order form: account_id, warehouse_id, shipper_id, customer_name, ship_date,
 * order_id, notes), defined once. Every schema that takes it builds on this file:
 * - create (POST /orders/bulk, a draft's conversion, the create screen) = `orderFormSchema` plus its products;
 * - a draft's form = `draftOrderFormSchema`, the lenient partial: every field, nothing required, texts as typed;
 * - edit (PUT /orders/{id}) = `orderEditFields`: the same field rules, each optional.
 * One set of limits and messages, so a customer name that is too long reads the same wherever it is typed.
 */
export const ORDER_FORM_MESSAGES = {
  accountRequired: 'Account is required',
  customerNameRequired: 'Customer name is required',
  orderIdRequired: 'Order Id is required',
  /** The spec repeats 'Order Id is required' for the ship date by mistake; the date gets its own true message. */
  shipDateRequired: 'Ship date is required',
  shipDateInvalid: 'Please enter a valid ship date',
  shipperInvalid: 'The selected shipper is invalid.',
  quantityInvalid: 'Please enter a valid quantity',
  productRequired: 'Please select a product',
} as const;
const M = ORDER_FORM_MESSAGES;

export const CUSTOMER_NAME_MAX = 255;
export const EXTERNAL_ORDER_ID_MAX = 100;
export const ORDER_NOTES_MAX = 2000;
/** YYYY-MM-DD. */
export const SHIP_DATE_LENGTH = 10;
/** The most units one order line may hold: the inventory's own cap (create, edit, drafts and imports alike). */
export const ORDER_LINE_QUANTITY_MAX = QUANTITY_MAX;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists: `2026-02-30` is refused (Date would roll it over to March 2nd). */
export const isRealDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
/**
 * The ship-date rule: a real YYYY-MM-DD day. Blank passes here and is left to the "required" rule of create (one
 * message per field); `typeMessage` answers a value that is not text at all.
 */
const shipDateText = (typeMessage: string) =>
  safeString({ error: typeMessage })
    .trim()
    .max(SHIP_DATE_LENGTH, { error: M.shipDateInvalid, abort: true })
    .refine((v) => v === '' || isRealDate(v), M.shipDateInvalid);
export const shipDateField = shipDateText(M.shipDateRequired).min(1, M.shipDateRequired);

/** A line's quantity: a whole number from 1 to the cap. */
export const lineQuantityField = z.coerce
  .number({ error: M.quantityInvalid })
  .int(M.quantityInvalid)
  .min(1, M.quantityInvalid)
  .max(ORDER_LINE_QUANTITY_MAX, M.quantityInvalid);

const orderFormShape = {
  account_id: idSchema(M.accountRequired),
  /** Optional per order: the request's warehouse_id (the navbar selection) applies otherwise. */
  warehouse_id: optionalIdField(),
  shipper_id: optionalIdField(M.shipperInvalid),
  customer_name: requiredString(M.customerNameRequired, CUSTOMER_NAME_MAX),
  ship_date: shipDateField,
  order_id: requiredString(M.orderIdRequired, EXTERNAL_ORDER_ID_MAX),
  notes: optionalText(ORDER_NOTES_MAX),
  /** normal or urgent: the wave builder releases urgent orders first. */
  priority: orderPriorityField.default('normal'),
};
/** One order as it must be to be created (without its products). */
export const orderFormSchema = z.object(orderFormShape);
export type OrderFormInput = z.infer<typeof orderFormSchema>;
export type OrderFormField = keyof typeof orderFormShape;

/**
 * A draft's form: every field an order accepts, none required, texts kept as typed (a half-filled form is saved as it
 * is); only the limits apply. `satisfies` keeps it from forgetting a field the order form gains.
 */
export const draftOrderFormShape = {
  account_id: optionalIdField(),
  warehouse_id: optionalIdField(),
  shipper_id: optionalIdField(M.shipperInvalid),
  customer_name: typedText(CUSTOMER_NAME_MAX),
  ship_date: typedText(SHIP_DATE_LENGTH),
  order_id: typedText(EXTERNAL_ORDER_ID_MAX),
  notes: typedText(ORDER_NOTES_MAX),
  /** Drafts saved before orders had a priority read as normal. */
  priority: orderPriorityField.default('normal'),
} satisfies Record<OrderFormField, z.ZodType>;

/**
 * PUT /orders/{id}: the order form's rules for what an open order may change; absent fields stay as they are. The
 * ship date may be cleared (blank or null; orders may have none), otherwise it is the create form's rule.
 */
export const orderEditFields = {
  customer_name: orderFormShape.customer_name.optional(),
  ship_date: z
    .union([shipDateText(M.shipDateInvalid).regex(ISO_DATE, M.shipDateInvalid), z.literal(''), z.null()], {
      error: M.shipDateInvalid,
    })
    .transform((v) => (v ? v : null))
    .optional(),
  shipper_id: orderFormShape.shipper_id.optional(),
  notes: orderFormShape.notes.optional(),
} satisfies Partial<Record<OrderFormField, z.ZodType>>;

/**
 * The order form as a screen holds it (the web create screen's sections): ids or null, texts as typed. Derived from
 * the schema's fields, so a field added to the form is a type error until the screen has it.
 */
type IdField = 'account_id' | 'warehouse_id' | 'shipper_id';
export type OrderFormValues = {
  [K in OrderFormField]: K extends IdField ? number | null : K extends 'priority' ? OrderPriority : string;
};
