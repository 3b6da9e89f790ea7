import { z } from 'zod';
import { idSchema } from './ids';
import { pageMetaSchema } from './pagination';
import { isStorableText, safeString } from './text';

/** Spec 2 §4/§9: inquiry types (the list filter offers the first five; create offers all seven). */
export const INQUIRY_TYPES = [
  'general',
  'orders',
  'account',
  'products',
  'inventory',
  'delivery_shipping_issues',
  'finance_billing',
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const INQUIRY_FILTER_TYPES = ['general', 'orders', 'account', 'products', 'inventory'] as const;

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  general: 'General',
  orders: 'Orders',
  account: 'Account',
  products: 'Products',
  inventory: 'Inventory',
  delivery_shipping_issues: 'Delivery & Shipping Issues',
  finance_billing: 'Finance & Billing',
};

/** Spec 2 §9: subtype options per type, sent as their display text. */
export const INQUIRY_SUBTYPES: Record<InquiryType, readonly string[]> = {
  finance_billing: ['Wrong Invoice', 'Storage Fee Dispatch', 'Wrong Handling', 'Other'],
  delivery_shipping_issues: ['Tracking Not Uploaded', 'Shipping Delayed', 'Lost in Transit', 'Other'],
  orders: ['Wrong Item Shipment', 'Wrong Quantity Shipped', 'Order Not Packed', 'Delayed Order Processing', 'Other'],
  general: ['Custom Packing Request', 'Label Issue', 'Return Not Processed', 'Misalignment', 'Other'],
  inventory: [
    'Missing Item',
    'Extra Item Received',
    'Damaged Item',
    'Expired Item',
    'Near Expired Item',
    'Wrong SKU Received',
    'Other',
  ],
  account: ['Other'],
  products: ['Other'],
};

/**
 * What an inquiry of each type is about (its subject): orders and delivery issues concern an order; products and
 * inventory a product; account and billing an account; general nothing.
 */
export const INQUIRY_SUBJECT_OF: Record<InquiryType, 'order' | 'product' | 'account' | null> = {
  general: null,
  orders: 'order',
  delivery_shipping_issues: 'order',
  products: 'product',
  inventory: 'product',
  account: 'account',
  finance_billing: 'account',
};

export const INQUIRY_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const INQUIRY_PAGE_SIZE = 15;
export const INQUIRY_QUERY_MIN = 10;
export const INQUIRY_QUERY_MAX = 5000;
export const INQUIRY_LIST_TRUNCATE = 100;

export const INQUIRY_MESSAGES = {
  typeRequired: 'Please select an inquiry type',
  queryRequired: 'Please enter your inquiry',
  queryTooShort: 'Inquiry must be at least 10 characters long',
  queryTooLong: 'Inquiry must be at most 5000 characters long',
  warehouseRequired: 'Please select a warehouse before creating an inquiry',
  subtypeInvalid: 'Please choose one of the listed subtypes',
  subjectInvalid: 'The selected subject is invalid.',
  responseRequired: 'Please enter a response',
  cannotEdit: 'You do not have permission to edit this inquiry',
  cannotDelete: 'You do not have permission to delete this inquiry',
  cannotResolve: 'Only staff can resolve inquiries',
  assignOnlyAdmins: 'Only administrators can assign inquiries',
  assigneeInvalid: 'The selected user cannot be assigned to this inquiry.',
  alreadyResolved: 'This inquiry is already resolved.',
  notFound: 'Inquiry not found',
  submitted: 'Inquiry submitted successfully',
  submittedCaption: 'We will respond to your inquiry as soon as possible.',
  updated: 'Inquiry updated successfully',
  deleted: 'Inquiry deleted successfully',
  resolved: 'Inquiry resolved successfully',
  fetchFailed: 'Failed to fetch inquiries',
  optionsFailed: 'Failed to load options',
  detailsFailed: 'Failed to fetch inquiry details',
  resolveFailed: 'Failed to resolve inquiry',
  deleteFailed: 'Failed to delete inquiry',
  submitFailed: 'Failed to submit inquiry',
  updateFailed: 'Failed to update inquiry',
} as const;

const idValue = idSchema();
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idValue.optional());
const text = (max: number) => safeString().trim().max(max);

const query = z
  .string({ error: INQUIRY_MESSAGES.queryRequired })
  .trim()
  .min(1, { error: INQUIRY_MESSAGES.queryRequired, abort: true })
  .min(INQUIRY_QUERY_MIN, INQUIRY_MESSAGES.queryTooShort)
  .max(INQUIRY_QUERY_MAX, INQUIRY_MESSAGES.queryTooLong)
  .refine(isStorableText, INQUIRY_MESSAGES.queryRequired);

/** POST /api/inquiries (spec 2 §7 create payload; the web client adds warehouse_id and account_id). */
export const inquiryCreateSchema = z
  .object({
    type: z.enum(INQUIRY_TYPES, INQUIRY_MESSAGES.typeRequired),
    subtype: text(100).nullish(),
    query,
    warehouse_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      idSchema(INQUIRY_MESSAGES.warehouseRequired),
    ),
    account_id: optionalId,
    subject_id: optionalId,
    subject_name: text(255).nullish(),
    order_number: text(100).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.subtype && !INQUIRY_SUBTYPES[v.type].includes(v.subtype)) {
      ctx.addIssue({ code: 'custom', path: ['subtype'], message: INQUIRY_MESSAGES.subtypeInvalid });
    }
  });
export type InquiryCreateInput = z.infer<typeof inquiryCreateSchema>;

/** PUT /api/inquiries/{id}: query for everyone; status and response for staff and the creator; assignee for admins. */
export const inquiryUpdateSchema = z.object({
  query: query.optional(),
  status: z.enum(INQUIRY_STATUSES).optional(),
  response: text(INQUIRY_QUERY_MAX).nullish(),
  assigned_to: z.preprocess((v) => (v === '' ? null : v), idValue.nullish()),
});
export type InquiryUpdateInput = z.infer<typeof inquiryUpdateSchema>;

export const inquiryResolveSchema = z.object({
  response: z
    .string({ error: INQUIRY_MESSAGES.responseRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.responseRequired)
    .max(INQUIRY_QUERY_MAX)
    .refine(isStorableText, INQUIRY_MESSAGES.responseRequired),
});

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const inquiryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(INQUIRY_PAGE_SIZE),
  search: z.preprocess(emptyToUndefined, text(200).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(INQUIRY_TYPES).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(INQUIRY_STATUSES).optional()),
  assigned_to: z.preprocess(emptyToUndefined, idValue.optional()),
  warehouse_id: optionalId,
  account_id: optionalId,
});
export type InquiryListQuery = z.infer<typeof inquiryListQuery>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const inquirySubjectDetailsSchema = z
  .object({
    order_number: z.string().optional(),
    customer_name: z.string().optional(),
    formatted_status: z.string().optional(),
    name: z.string().optional(),
    sku: z.string().optional(),
    status: z.string().optional(),
  })
  .nullable();

export const inquirySchema = z.object({
  id: z.number().int(),
  type: z.enum(INQUIRY_TYPES),
  subtype: z.string().nullable(),
  query: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  response: z.string().nullable(),
  /** Absent for clients: they never learn who handles their inquiry. */
  assigned_to: person.nullable().optional(),
  user_id: z.number().int().nullable(),
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  account: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject_id: z.number().int().nullable(),
  subject_type: z.enum(['order', 'product', 'account']).nullable(),
  subject_name: z.string().nullable(),
  subject_display_name: z.string().nullable(),
  subject: inquirySubjectDetailsSchema,
  formatted_type: z.string(),
  formatted_status: z.string(),
  created_at: z.string(),
  created_at_human: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  is_resolved: z.boolean(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryListResponse = z.object({
  data: z.array(inquirySchema),
  current_page: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
  meta: pageMetaSchema,
});
export const inquiryResponse = z.object({ data: inquirySchema });
export const inquirySavedResponse = z.object({ data: inquirySchema, message: z.string() });
export const inquiryStatisticsSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  in_progress: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
});
export type InquiryStatistics = z.infer<typeof inquiryStatisticsSchema>;
export const inquiryStatisticsResponse = z.object({ data: inquiryStatisticsSchema }).merge(inquiryStatisticsSchema);
export const assignableUsersResponse = z.object({
  users: z.array(person.extend({ role: z.string() })),
});
export const subjectOptionsQuery = z.object({
  search: z.preprocess(emptyToUndefined, text(200).optional()),
  warehouse_id: optionalId,
  account_id: optionalId,
});
export const subjectOptionSchema = z.object({ id: z.number().int(), value: z.number().int(), label: z.string() });
export const subjectOptionsResponse = z.object({ options: z.array(subjectOptionSchema) });

/** "3 minutes ago", "2 days ago": the list's relative created time. */
export function humanizeSince(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  const units: [number, string][] = [
    [365 * 24 * 3600, 'year'],
    [30 * 24 * 3600, 'month'],
    [7 * 24 * 3600, 'week'],
    [24 * 3600, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
