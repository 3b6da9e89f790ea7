import { PRODUCT_KINDS } from '@wms/contract/kits';
import {
  BARCODE_MAX_LENGTH,
  PRODUCT_MESSAGES,
  PRODUCT_NAME_MAX_LENGTH,
  type Product,
  SKU_MAX_LENGTH,
} from '@wms/contract/products';
import { z } from 'zod';
import type { ProductPayload } from './api';

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const optionalUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), PRODUCT_MESSAGES.urlInvalid);

/** The form keeps text as typed; `toPayload` turns it into the API's values. */
export const productFormSchema = (requireAccount: boolean) =>
  z
    .object({
      sku: z.string().trim().min(1, PRODUCT_MESSAGES.skuRequired).max(SKU_MAX_LENGTH, PRODUCT_MESSAGES.skuTooLong),
      name: z
        .string()
        .trim()
        .min(1, PRODUCT_MESSAGES.nameRequired)
        .max(PRODUCT_NAME_MAX_LENGTH, PRODUCT_MESSAGES.nameTooLong),
      photo: optionalUrl,
      link: optionalUrl,
      dimension: z.string().trim().max(100),
      weight: z
        .string()
        .trim()
        .refine((value) => value === '' || (Number.isFinite(Number(value)) && Number(value) >= 0), {
          message: PRODUCT_MESSAGES.weightInvalid,
        }),
      barcode: z.string().trim().max(BARCODE_MAX_LENGTH, PRODUCT_MESSAGES.barcodeTooLong),
      track_lots: z.boolean(),
      track_expiry: z.boolean(),
      kind: z.enum(PRODUCT_KINDS),
      account_id: z.number().int().positive().nullable(),
    })
    .refine((values) => !requireAccount || values.account_id !== null, {
      path: ['account_id'],
      message: PRODUCT_MESSAGES.accountRequired,
    });

export type ProductFormValues = z.infer<ReturnType<typeof productFormSchema>>;

export const PRODUCT_FORM_FIELDS = [
  'sku',
  'name',
  'photo',
  'link',
  'dimension',
  'weight',
  'barcode',
  'kind',
  'account_id',
] as const;

export const emptyProductForm: ProductFormValues = {
  sku: '',
  name: '',
  photo: '',
  link: '',
  dimension: '',
  weight: '',
  barcode: '',
  track_lots: false,
  track_expiry: false,
  kind: 'standard',
  account_id: null,
};

export const productToForm = (product: Product): ProductFormValues => ({
  sku: product.sku,
  name: product.name,
  photo: product.photo_url ?? '',
  link: product.link ?? '',
  dimension: product.dimension ?? '',
  weight: product.weight === null ? '' : String(product.weight),
  barcode: product.barcode ?? '',
  track_lots: product.track_lots,
  track_expiry: product.track_expiry,
  kind: product.kind,
  account_id: product.account_id,
});

export const toPayload = (values: ProductFormValues): ProductPayload => ({
  sku: values.sku.trim(),
  name: values.name.trim(),
  photo: values.photo.trim() || null,
  link: values.link.trim() || null,
  dimension: values.dimension.trim() || null,
  weight: values.weight.trim() === '' ? null : Math.round(Number(values.weight) * 100) / 100,
  barcode: values.barcode.trim() || null,
  track_lots: values.track_lots,
  track_expiry: values.track_expiry,
  kind: values.kind,
  account_id: values.account_id,
});
