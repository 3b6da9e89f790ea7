import {
  CARRIER_MAX,
  REJECTION_REASON_MAX,
  SHIPMENT_MESSAGES,
  SHIPMENT_NOTES_MAX,
  SHIPMENT_QUANTITY_MAX,
  TRACKING_NUMBER_MAX,
} from '@wms/contract/shipments';
import { z } from 'zod';
import type { ShipmentFields } from './api';

/** Today in the browser's calendar (spec 2 §5: the delivery date defaults to today), as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The fields create and edit share, as the form holds them (strings), with the §5 messages. */
export const shipmentFieldsSchema = z.object({
  quantity: z
    .string()
    .trim()
    .min(1, SHIPMENT_MESSAGES.quantityRequired)
    .refine((v) => Number.isInteger(Number(v)), SHIPMENT_MESSAGES.quantityWhole)
    .refine((v) => Number(v) >= 1, SHIPMENT_MESSAGES.quantityMin)
    .refine((v) => Number(v) <= SHIPMENT_QUANTITY_MAX, SHIPMENT_MESSAGES.quantityTooLarge),
  tracking_number: z.string().trim().max(TRACKING_NUMBER_MAX, SHIPMENT_MESSAGES.trackingTooLong),
  carrier: z.string().trim().max(CARRIER_MAX, SHIPMENT_MESSAGES.carrierTooLong),
  delivery_date: z.string(),
  notes: z.string().trim().max(SHIPMENT_NOTES_MAX, SHIPMENT_MESSAGES.notesTooLong),
});
export type ShipmentFieldValues = z.input<typeof shipmentFieldsSchema>;

export const SHIPMENT_FIELD_NAMES = ['quantity', 'tracking_number', 'carrier', 'delivery_date', 'notes'] as const;

/** Spec 2 §7: empty optional fields are sent as null. */
export const toShipmentFields = (values: ShipmentFieldValues): ShipmentFields => ({
  quantity: Number(values.quantity),
  tracking_number: values.tracking_number.trim() || null,
  carrier: values.carrier.trim() || null,
  delivery_date: values.delivery_date || null,
  notes: values.notes.trim() || null,
});

export const rejectionSchema = z.object({
  rejection_reason: z
    .string()
    .trim()
    .min(1, SHIPMENT_MESSAGES.reasonRequiredDialog)
    .max(REJECTION_REASON_MAX, SHIPMENT_MESSAGES.reasonTooLong),
});
