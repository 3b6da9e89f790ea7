import { z } from 'zod';
import { ID_MAX, idSchema, optionalIdQuery } from './ids';
import { QUANTITY_MAX, STOCK_STATUSES } from './inventory';
import { PRODUCT_KINDS } from './kits';
import { ORDER_CREATION_MESSAGES } from './order-creation';
import { draftOrderFormShape, ORDER_LINE_QUANTITY_MAX } from './order-form';
import { LABEL_TYPES, ORDER_TEXT_MAX } from './orders';
import { pageMetaSchema } from './pagination';
import { MAX_PER_PAGE } from './paging';
import { optionalText, tooLong, typedText } from './text';
import { ORDER_PRIORITIES } from './waves';

/** Bulk order drafts (spec 2 §2, §3 Draft, §4 Draft, §7, §8): a saved create-orders screen. */
export const DRAFT_MESSAGES = {
  accountRequired: 'Please select an account for at least one order',
  warehouseRequired: ORDER_CREATION_MESSAGES.warehouseRequired,
  notFound: 'Draft not found',
  saved: 'Draft saved successfully',
  loaded: 'Draft loaded successfully',
  started: 'Started new draft',
  deleted: 'Draft deleted successfully',
  saveFailed: 'Failed to save draft',
  loadFailed: 'Failed to load draft',
  listFailed: 'Failed to load drafts',
  convertFailed: 'Failed to convert draft',
  deleteFailed: 'Failed to delete draft',
  empty: 'No drafts found',
  tooLarge: (kb: number) => `A draft can hold at most ${kb} KB of data`,
  textTooLong: tooLong,
  tooManyOrders: (max: number) => `A draft can hold at most ${max} orders`,
  tooManyProducts: (max: number) => `An order can have at most ${max} products`,
  tooManyLabels: (max: number) => `An order can have at most ${max} label forms`,
  nothingToConvert: ORDER_CREATION_MESSAGES.productsRequired,
  nothingToSave: 'This draft is empty: add an order detail, a product, a label or a title before saving it',
  unknownFields: (keys: readonly string[]) => `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`,
  twoSpellings: (camel: string, snake: string) => `Send ${snake} or ${camel}, not both`,
  /** Create or convert refuses a label row whose PDF is not there (it would silently create an order without it). */
  labelWithoutFile: (order: number, label: number) =>
    `Order ${order}, label ${label} has no PDF file: choose its file or remove the label`,
  labelFileNotInDraft: 'This label file is not one of this draft’s files',
  labelFileSaved: 'Label file saved with the draft',
  labelFileNotFound: 'Label file not found',
  tooManyLabelFiles: (max: number) => `A draft can keep at most ${max} label files`,
} as const;

export const DRAFT_TITLE_MAX = 255;
export const DRAFT_DESCRIPTION_MAX = 1000;
export const DRAFT_MAX_ORDERS = 100;
export const DRAFT_MAX_PRODUCTS = 200;
export const DRAFT_MAX_LABEL_FORMS = 20;
/** Label PDFs one draft may keep (each at most the label upload limit, 10 MB). */
export const DRAFT_MAX_LABEL_FILES = 100;
/** The serialised draft_data may not exceed this (no arbitrary blobs in the database). */
export const DRAFT_DATA_MAX_BYTES = 256 * 1024;
export const DRAFTS_PER_PAGE = 12;

/**
 * Objects inside draft_data refuse keys they do not know (422 naming them): a draft never stores less than was
 * sent with a 2xx answer.
 */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? DRAFT_MESSAGES.unknownFields(issue.keys) : undefined),
  });

/** A JavaScript client names the section's lists in camelCase (its screen state): both spellings are accepted. */
const CAMEL_SPELLINGS = {
  labelForms: 'label_forms',
  selectedProducts: 'selected_products',
  availableInventory: 'available_inventory',
} as const;

function snakeSectionKeys(value: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [camel, snake] of Object.entries(CAMEL_SPELLINGS)) {
    if (!(camel in out)) continue;
    if (snake in out) {
      ctx.addIssue({ code: 'custom', message: DRAFT_MESSAGES.twoSpellings(camel, snake), path: [camel] });
      continue;
    }
    out[snake] = out[camel];
    delete out[camel];
  }
  return out;
}

/**
 * What a section of the create screen keeps: the form as typed (possibly incomplete), the label forms (their PDFs are
 * stored with the draft and named by `file_id`), the chosen products and the last product search's rows.
 */
const draftOrderObject = strict({
  /** The order form's lenient partial (order-form.ts): every field an order of POST /orders/bulk accepts. */
  form: strict(draftOrderFormShape),
  label_forms: z
    .array(
      strict({
        label_name: typedText(ORDER_TEXT_MAX.labelName),
        label_type: z.enum(LABEL_TYPES).default('shipping'),
        tracking_number: typedText(ORDER_TEXT_MAX.tracking),
        carrier: typedText(ORDER_TEXT_MAX.carrier),
        /** A PDF uploaded to this draft (POST /bulk-order-drafts/{id}/label-files); null while none is chosen. */
        file_id: z
          .uuid()
          .nullish()
          .transform((v) => v ?? null),
      }),
    )
    .max(DRAFT_MAX_LABEL_FORMS, DRAFT_MESSAGES.tooManyLabels(DRAFT_MAX_LABEL_FORMS))
    .default([]),
  selected_products: z
    .array(
      strict({
        product_id: idSchema(),
        quantity: z.coerce.number().int().min(0).max(ORDER_LINE_QUANTITY_MAX),
        name: typedText(255),
        sku: typedText(255),
        quantity_available: z.coerce.number().int().min(-QUANTITY_MAX).max(QUANTITY_MAX).default(0),
        weight: z.number().min(0).max(1_000_000).nullish().default(null),
        photo_url: typedText(2048),
        /** standard, bundle or assembled, as the search showed it (drafts saved before kits have none). */
        kind: z.enum(PRODUCT_KINDS).optional(),
      }),
    )
    .max(DRAFT_MAX_PRODUCTS, DRAFT_MESSAGES.tooManyProducts(DRAFT_MAX_PRODUCTS))
    .default([]),
  /** The section's product search results as the screen last showed them (spec 2 §3 Available inventory row). */
  available_inventory: z
    .array(
      strict({
        product_id: idSchema(),
        account_id: idSchema().nullish().default(null),
        name: typedText(255),
        sku: typedText(255),
        photo_url: typedText(2048),
        weight: z.number().min(0).max(1_000_000).nullish().default(null),
        quantity_available: z.coerce.number().int().min(-QUANTITY_MAX).max(QUANTITY_MAX).default(0),
        inventory_status: z.enum(STOCK_STATUSES).nullish().default(null),
        status_color: z.enum(['success', 'warning', 'error']).nullish().default(null),
        warehouse_name: typedText(255),
        kind: z.enum(PRODUCT_KINDS).optional(),
      }),
    )
    .max(DRAFT_MAX_PRODUCTS, DRAFT_MESSAGES.tooManyProducts(DRAFT_MAX_PRODUCTS))
    .default([]),
});
export const draftOrderSchema = z.preprocess(snakeSectionKeys, draftOrderObject);
export type DraftOrder = z.infer<typeof draftOrderSchema>;

export const draftDataSchema = strict({
  orders: z.array(draftOrderSchema).max(DRAFT_MAX_ORDERS, DRAFT_MESSAGES.tooManyOrders(DRAFT_MAX_ORDERS)),
}).refine(
  (data) => new TextEncoder().encode(JSON.stringify(data)).length <= DRAFT_DATA_MAX_BYTES,
  DRAFT_MESSAGES.tooLarge(DRAFT_DATA_MAX_BYTES / 1024),
);
export type DraftData = z.infer<typeof draftDataSchema>;

export const draftInputSchema = z
  .object({
    account_id: idSchema(DRAFT_MESSAGES.accountRequired),
    warehouse_id: idSchema(DRAFT_MESSAGES.warehouseRequired),
    title: optionalText(DRAFT_TITLE_MAX),
    description: optionalText(DRAFT_DESCRIPTION_MAX),
    draft_data: draftDataSchema,
  })
  .refine((input) => !isBlankDraft(input), {
    path: ['draft_data'],
    message: DRAFT_MESSAGES.nothingToSave,
    // Only a draft that is otherwise valid can be judged blank (and is safe to read).
    when: (payload) => payload.issues.length === 0,
  });
export type DraftInput = z.infer<typeof draftInputSchema>;

/**
 * Nothing a person typed or chose: no title or description, and every section without products, labels, shipper or
 * text (the account alone is the screen's default, not content). Such a draft is refused.
 */
export function isBlankDraft(input: {
  title?: string | null;
  description?: string | null;
  draft_data: DraftData;
}): boolean {
  const blank = (v: string | null | undefined) => !v?.trim();
  return (
    blank(input.title) &&
    blank(input.description) &&
    input.draft_data.orders.every(
      (o) =>
        o.selected_products.length === 0 &&
        o.label_forms.length === 0 &&
        o.form.shipper_id === null &&
        blank(o.form.customer_name) &&
        blank(o.form.ship_date) &&
        blank(o.form.order_id) &&
        blank(o.form.notes),
    )
  );
}

/** The listing totals, computed from draft_data (the server stores them on save; the screen shows them live). */
export function draftTotals(data: DraftData) {
  return {
    total_orders: data.orders.length,
    total_products: data.orders.reduce((sum, o) => sum + o.selected_products.length, 0),
    total_quantity: data.orders.reduce((sum, o) => sum + o.selected_products.reduce((s, p) => s + p.quantity, 0), 0),
  };
}

export const draftSummarySchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  account_id: z.number().int(),
  warehouse_id: z.number().int(),
  account: z.object({ id: z.number().int(), name: z.string() }),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  total_orders: z.number().int(),
  total_products: z.number().int(),
  total_quantity: z.number().int(),
  formatted_last_modified: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;
/** A label PDF kept with a draft; `download_url` serves it to callers in the draft's scope. */
export const draftLabelFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  download_url: z.string(),
});
export type DraftLabelFile = z.infer<typeof draftLabelFileSchema>;
export const draftLabelFileResponse = z.object({ message: z.string(), data: draftLabelFileSchema });

/** draft_data as answered (the input schema normalises with transforms, which a response schema cannot have). */
const outText = z.string().nullable();
export const draftDataOutputSchema = z.object({
  orders: z.array(
    z.object({
      form: z.object({
        account_id: z.number().int().nullable(),
        /** Absent from drafts saved before a draft's form took it. */
        warehouse_id: z.number().int().nullish(),
        shipper_id: z.number().int().nullable(),
        customer_name: outText,
        ship_date: outText,
        order_id: outText,
        notes: outText,
        /** Absent from drafts saved before orders had a priority (read as normal). */
        priority: z.enum(ORDER_PRIORITIES).optional(),
      }),
      label_forms: z.array(
        z.object({
          label_name: outText,
          label_type: z.enum(LABEL_TYPES),
          tracking_number: outText,
          carrier: outText,
          file_id: z.string().nullable(),
          /** The stored PDF `file_id` names (read-only: send `file_id` back, not this). */
          file: draftLabelFileSchema.nullable(),
        }),
      ),
      selected_products: z.array(
        z.object({
          product_id: z.number().int(),
          quantity: z.number().int(),
          name: outText,
          sku: outText,
          quantity_available: z.number().int(),
          weight: z.number().nullable(),
          photo_url: outText,
          /** Absent from drafts saved before kits (read as standard). */
          kind: z.enum(PRODUCT_KINDS).optional(),
        }),
      ),
      available_inventory: z.array(
        z.object({
          product_id: z.number().int(),
          account_id: z.number().int().nullable(),
          name: outText,
          sku: outText,
          photo_url: outText,
          weight: z.number().nullable(),
          quantity_available: z.number().int(),
          inventory_status: z.enum(STOCK_STATUSES).nullable(),
          status_color: z.enum(['success', 'warning', 'error']).nullable(),
          warehouse_name: outText,
          kind: z.enum(PRODUCT_KINDS).optional(),
        }),
      ),
    }),
  ),
});
export const draftSchema = draftSummarySchema.extend({ draft_data: draftDataOutputSchema });
export type Draft = z.infer<typeof draftSchema>;

export const draftListQuery = z.object({
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DRAFTS_PER_PAGE),
  search: z.string().trim().max(200).optional(),
  account_id: optionalIdQuery(),
  warehouse_id: optionalIdQuery(),
});
export type DraftListQuery = z.infer<typeof draftListQuery>;

export const draftPaginationSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export const draftListResponse = z.object({
  data: z.array(draftSummarySchema),
  pagination: draftPaginationSchema,
  meta: pageMetaSchema,
});
export type DraftListResponse = z.infer<typeof draftListResponse>;

export const draftStatisticsSchema = z.object({
  total_drafts: z.number().int(),
  total_orders_in_drafts: z.number().int(),
  total_products_in_drafts: z.number().int(),
  total_quantity_in_drafts: z.number().int(),
});
export type DraftStatistics = z.infer<typeof draftStatisticsSchema>;
export const draftStatisticsQuery = z.object({
  warehouse_id: optionalIdQuery(),
  account_id: optionalIdQuery(),
});
export const draftStatisticsResponse = z.object({ data: draftStatisticsSchema });
export const draftResponse = z.object({ data: draftSchema });
export const draftSavedResponse = z.object({ message: z.string(), data: draftSchema });
