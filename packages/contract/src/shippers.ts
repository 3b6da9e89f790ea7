import { z } from 'zod';
import { pageMetaSchema, paginationQuery } from './pagination';
import { optionalText, safeString } from './text';

/** Spec 1 §5 texts of the shipper forms, plus the server's rule messages. */
export const SHIPPER_MESSAGES = {
  nameRequired: 'Shipper name is required',
  activeRequired: 'Say whether the shipper is active.',
  codeRequired: 'Shipper code is required',
  codeTaken: 'The code has already been taken.',
  websiteInvalid: 'The website must be a valid URL.',
  trackingUrlPlaceholder: 'The tracking URL must contain {tracking_number}.',
  trackingUrlInvalid: 'The tracking URL must be a valid URL.',
  inUse: 'This shipper is used by orders or shipments. Set it to inactive instead of deleting it.',
  created: 'Shipper created successfully',
  updated: 'Shipper updated successfully',
  deleted: 'Shipper deleted successfully',
} as const;

export const TRACKING_NUMBER_PLACEHOLDER = '{tracking_number}';

export const shipperSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  is_active: z.boolean(),
  tracking_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shipper = z.infer<typeof shipperSchema>;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const required = (message: string, max: number) =>
  safeString({ error: message }).trim().min(1, { error: message, abort: true }).max(max);

/** POST /api/shippers and PUT /api/shippers/{id} (a full replacement: absent optional fields become empty). */
export const shipperInputSchema = z.object({
  name: required(SHIPPER_MESSAGES.nameRequired, 255),
  code: required(SHIPPER_MESSAGES.codeRequired, 50),
  description: optionalText(2000),
  website: optionalText(500).refine((v) => !v || isHttpUrl(v), SHIPPER_MESSAGES.websiteInvalid),
  is_active: z.boolean().default(true),
  tracking_url: optionalText(1000)
    .refine((v) => !v || v.includes(TRACKING_NUMBER_PLACEHOLDER), {
      error: SHIPPER_MESSAGES.trackingUrlPlaceholder,
      abort: true,
    })
    .refine(
      (v) => !v || isHttpUrl(v.replaceAll(TRACKING_NUMBER_PLACEHOLDER, '1Z999')),
      SHIPPER_MESSAGES.trackingUrlInvalid,
    ),
});
export type ShipperInput = z.infer<typeof shipperInputSchema>;

/** PUT replaces the shipper: the active flag must be sent, so leaving it out cannot silently re-activate one. */
export const shipperUpdateSchema = shipperInputSchema.extend({
  is_active: z.boolean({ error: SHIPPER_MESSAGES.activeRequired }),
});

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const shipperListQuery = paginationQuery.extend({ is_active: booleanQuery.optional() });
export type ShipperListQuery = z.infer<typeof shipperListQuery>;

export const shipperListResponse = z.object({
  shippers: z.array(shipperSchema),
  data: z.array(shipperSchema),
  meta: pageMetaSchema,
});
export const shipperResponse = z.object({ shipper: shipperSchema });
export const shipperSavedResponse = z.object({ shipper: shipperSchema, message: z.string() });

/** The link for one parcel, from a shipper's template. */
export const trackingLink = (template: string, trackingNumber: string): string =>
  template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(trackingNumber));
