import { z } from 'zod';
import { idSchema } from './ids';
import { shippedCartonSchema } from './packing';
import { safeString, tooLong } from './text';

/**
 * Webhooks: the events other systems subscribe to, their payloads, subscriptions and the delivery log.
 * Every event is written to an outbox in the transaction of the change it reports and delivered at least once,
 * signed per the Standard Webhooks spec. The body of every delivery is the envelope below.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.shipped',
  'order.cancelled',
  'shipment.verified',
  'shipment.rejected',
  'inventory.changed',
  'inquiry.resolved',
  'invoice.finalized',
  'wave.released',
  'order.picked',
  'return.created',
  'return.received',
  'return.closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "Send test event" delivers; not subscribable, not in the event list. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Order created',
  'order.status_changed': 'Order status changed',
  'order.shipped': 'Order shipped',
  'order.cancelled': 'Order cancelled',
  'shipment.verified': 'Inbound shipment verified',
  'shipment.rejected': 'Inbound shipment rejected',
  'inventory.changed': 'Inventory quantities changed',
  'inquiry.resolved': 'Inquiry resolved',
  'invoice.finalized': 'Invoice finalized',
  'wave.released': 'Orders released for picking (a wave)',
  'order.picked': 'Order picked',
  'return.created': 'Return announced',
  'return.received': 'Return received',
  'return.closed': 'Return closed',
};

const where = { account_id: z.number().int(), warehouse_id: z.number().int() };
const order = { order_id: z.number().int(), order_number: z.string(), ...where };

/** The `data` of each event type. Fields are only ever added, never renamed or removed. */
export const webhookPayloadSchemas = {
  'order.created': z.object({
    ...order,
    customer_name: z.string().nullable(),
    items: z.number().int().nullable(),
  }),
  'order.status_changed': z.object({
    ...order,
    from: z.string().describe('The status name before'),
    to: z.string().describe('The status name after'),
    lifecycle: z.enum(['open', 'shipped', 'cancelled']).describe('What the new status means for stock'),
  }),
  'order.shipped': z.object({
    ...order,
    status: z.string(),
    carrier: z.string().nullable().describe('The shipper (carrier) name, when the order names one'),
    tracking_number: z.string().nullable().describe('The first tracking number of its labels or items'),
    tracking_numbers: z.array(z.string()).describe('Every tracking number of its labels and items'),
    cartons: z
      .array(shippedCartonSchema)
      .describe(
        'The cartons packed at the packing station (SSCC, weight, dimensions, carrier, tracking) with their units and picked lots; empty when it shipped without packing',
      ),
  }),
  'order.cancelled': z.object({ ...order, status: z.string() }),
  'shipment.verified': z.object({
    shipment_id: z.number().int(),
    ...where,
    sku: z.string().describe('The first line’s SKU'),
    quantity_received: z.number().int().describe('Units received into stock, over all lines'),
    lines: z
      .array(
        z.object({
          line_id: z.number().int(),
          product_id: z.number().int(),
          sku: z.string(),
          quantity_announced: z.number().int(),
          quantity_received: z.number().int(),
          discrepancy_reason: z.string().nullable(),
        }),
      )
      .describe('Announced and received units per product'),
  }),
  'shipment.rejected': z.object({
    shipment_id: z.number().int(),
    ...where,
    sku: z.string(),
    quantity: z.number().int(),
    reason: z.string(),
  }),
  'inventory.changed': z.object({
    inventory_id: z.number().int(),
    ...where,
    product_id: z.number().int(),
    quantity_on_hand: z.number().int(),
    quantity_reserved: z.number().int(),
    /** Units in quarantine locations: on hand, not available. */
    quantity_quarantined: z.number().int(),
    quantity_available: z.number().int(),
  }),
  'inquiry.resolved': z.object({
    inquiry_id: z.number().int(),
    account_id: z.number().int(),
    warehouse_id: z.number().int().nullable(),
  }),
  /** Billing is per account, not per warehouse (warehouse_id is null). Amounts in cents. */
  'invoice.finalized': z.object({
    invoice_id: z.number().int(),
    number: z.string(),
    account_id: z.number().int(),
    warehouse_id: z.null(),
    period_from: z.string(),
    period_to: z.string(),
    currency: z.string(),
    total_cents: z.number().int(),
  }),
  /** One event per account of the wave, naming that account's orders only. */
  'wave.released': z.object({
    wave_id: z.number().int(),
    wave_number: z.string(),
    ...where,
    mode: z.enum(['discrete', 'batch', 'cluster']),
    orders: z.array(z.object({ order_id: z.number().int(), order_number: z.string() })),
  }),
  /** Every unit of the order is on a cart or in its tote (a short line counts what was picked). */
  'order.picked': z.object({
    ...order,
    wave_id: z.number().int(),
    wave_number: z.string(),
    units_picked: z.number().int(),
    units_short: z.number().int(),
  }),
  /** A return (RMA) announced for an order's shipped units. */
  'return.created': z.object({
    return_id: z.number().int(),
    rma_number: z.string(),
    order_id: z.number().int().nullable(),
    order_number: z.string().nullable(),
    ...where,
    units: z.number().int().describe('Units announced'),
  }),
  /** Every line received; the dispositions use Shopify's reverse-fulfilment vocabulary. */
  'return.received': z.object({
    return_id: z.number().int(),
    rma_number: z.string(),
    order_id: z.number().int().nullable(),
    order_number: z.string().nullable(),
    ...where,
    units_received: z.number().int(),
    units_missing: z.number().int(),
    lines: z
      .array(
        z.object({
          line_id: z.number().int(),
          sku: z.string(),
          disposition: z.enum(['restocked', 'processing_required', 'not_restocked', 'missing']),
          quantity: z.number().int(),
        }),
      )
      .describe('What came back of each line, per disposition'),
  }),
  /** Nothing of the return waits in quarantine any more. */
  'return.closed': z.object({ return_id: z.number().int(), rma_number: z.string(), ...where }),
} satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookPayloads = { [K in WebhookEventType]: z.infer<(typeof webhookPayloadSchemas)[K]> };

/** What a receiver gets: the Standard Webhooks envelope, plus the event's id for reconciliation (GET /api/events). */
export const webhookEnvelopeSchema = z.object({
  id: z.string().describe('evt_<event id>; the same in every delivery of the event'),
  type: z.string(),
  timestamp: z.string().describe('When the change happened (ISO 8601)'),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 255;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  urlRequired: 'Please enter the URL that receives the events',
  urlInvalid: 'Please enter a valid URL',
  urlNotHttps: 'The URL must start with https://',
  urlNotPublic: 'The URL must point to a public internet address',
  urlUnresolvable: 'The host name could not be resolved; check the URL for typos',
  eventsRequired: 'Please choose at least one event',
  eventUnknown: 'Unknown event type',
  accountRequired: 'Please choose one of your accounts',
  disabledAfterFailures: 'Disabled after failing for 24 hours',
  /** Why a subscription stopped delivering when its creator's access ended. */
  disabledCreatorDeleted: 'Disabled because the user who created it was deleted',
  disabledCreatorLostAccess: 'Disabled because the user who created it can no longer see this account',
  disabledCreatorLostPermission: 'Disabled because the user who created it no longer has the webhook permission',
  disabledApiKeyRevoked: 'Disabled because the API key that created it was revoked or has expired',
  disabled: 'The webhook is disabled; enable it first',
  created: 'Webhook created',
  updated: 'Webhook updated',
  deleted: 'Webhook deleted',
  testQueued: 'Test event queued',
  redeliveryQueued: 'Delivery queued again',
} as const;

const urlField = safeString({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX_LENGTH, tooLong(WEBHOOK_URL_MAX_LENGTH))
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid);

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

const descriptionField = safeString()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, tooLong(WEBHOOK_DESCRIPTION_MAX_LENGTH))
  .nullish();

export const webhookCreateSchema = z.object({
  /** null: every account (staff who see everything only). */
  account_id: idSchema(WEBHOOK_MESSAGES.accountRequired).nullable(),
  url: urlField,
  events: eventsField,
  description: descriptionField,
});
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: urlField,
  events: eventsField,
  description: descriptionField,
  enabled: z.boolean(),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable().describe('null: every account'),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable().describe('First failed delivery since the last success'),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListResponse = z.object({ data: z.array(webhookSchema) });
export const webhookResponse = z.object({ webhook: webhookSchema });
export const webhookCreatedResponse = z.object({
  webhook: webhookSchema,
  secret: z.string().describe('whsec_…: shown this once; verify signatures with it'),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One attempt of one delivery: a row of the delivery log. */
export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  delivery_id: z.number().int(),
  event_type: z.string(),
  message_id: z.string().describe('The webhook-id header: the same in every attempt of a delivery'),
  attempt: z.number().int(),
  time: z.string(),
  status_code: z.number().int().nullable().describe('null: no answer (timeout, refused, unreachable)'),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_body: z.string().nullable().describe('The first 1 KB of the answer'),
  delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const webhookDeliveryQueuedResponse = z.object({
  delivery: z.object({ id: z.number().int(), message_id: z.string(), status: z.enum(WEBHOOK_DELIVERY_STATUSES) }),
});

export const eventListQuery = z.object({
  after: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,17})$/, 'The cursor is not valid')
    .optional()
    .describe('next_cursor of the previous page; absent: from the oldest event'),
  account_id: idSchema().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const eventItemSchema = z.object({
  id: z.string().describe('evt_<id>, as in the webhook body'),
  cursor: z.string(),
  type: z.string(),
  account_id: z.number().int(),
  warehouse_id: z.number().int().nullable(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const eventListResponse = z.object({
  data: z.array(eventItemSchema),
  next_cursor: z
    .string()
    .nullable()
    .describe('Pass as `after` next time: the last event listed, or `after` again when nothing new happened'),
});
