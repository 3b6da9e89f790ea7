import { z } from 'zod';
import { safeString, tooLong } from './text';
import { requiredString } from './validation';

/**
 * The installation's billing settings: the issuer every invoice names — company name, postal
 * address, tax id and an optional logo (a PNG or JPEG data URL, embedded in each PDF). Read and written by whoever
 * manages billing (GET/PUT /api/billing-settings).
 */
export const BILLING_SETTINGS_MESSAGES = {
  companyNameRequired: 'Enter the company name printed on invoices.',
  logoInvalid: 'The logo must be a PNG or JPEG image.',
  logoTooLarge: 'The logo must be at most 200 KB.',
  saved: 'Billing settings saved',
} as const;

export const BILLING_ADDRESS_MAX = 500;
export const TAX_ID_MAX = 64;
/** 200 KB of image as base64 (4 characters per 3 bytes) plus its `data:image/…;base64,` prefix. */
export const LOGO_DATA_URL_MAX = Math.ceil((200 * 1024 * 4) / 3) + 32;
const LOGO_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** A multi-line postal address: may be empty, at most 500 characters. */
export const addressField = safeString().trim().max(BILLING_ADDRESS_MAX, tooLong(BILLING_ADDRESS_MAX));

export const billingSettingsInputSchema = z.object({
  company_name: requiredString(BILLING_SETTINGS_MESSAGES.companyNameRequired),
  address: addressField.default(''),
  tax_id: safeString().trim().max(TAX_ID_MAX, tooLong(TAX_ID_MAX)).default(''),
  logo: z
    .string({ error: BILLING_SETTINGS_MESSAGES.logoInvalid })
    .max(LOGO_DATA_URL_MAX, BILLING_SETTINGS_MESSAGES.logoTooLarge)
    .regex(LOGO_PATTERN, BILLING_SETTINGS_MESSAGES.logoInvalid)
    .nullable()
    .default(null),
});
export type BillingSettingsInput = z.input<typeof billingSettingsInputSchema>;
export type BillingSettingsValues = z.output<typeof billingSettingsInputSchema>;

export const billingSettingsSchema = z.object({
  company_name: z.string(),
  address: z.string(),
  tax_id: z.string(),
  logo: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const billingSettingsResponse = z.object({ settings: billingSettingsSchema });
export const billingSettingsSavedResponse = z.object({ settings: billingSettingsSchema, message: z.string() });
