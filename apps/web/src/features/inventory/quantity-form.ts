import { INVENTORY_MESSAGES } from '@wms/contract/inventory';
import { z } from 'zod';

const wholeNumber = (value: string) => Number.isInteger(Number(value));

/** On hand: required, a whole number ≥ 0 (spec §5). */
export const onHandField = z
  .string()
  .trim()
  .min(1, INVENTORY_MESSAGES.onHandRequired)
  .refine((value) => Number(value) >= 0, INVENTORY_MESSAGES.quantityPositive)
  .refine(wholeNumber, INVENTORY_MESSAGES.quantityWhole);

/** Reserved: optional (blank is 0 on create and keeps nothing on edit), a whole number ≥ 0. */
export const reservedField = z
  .string()
  .trim()
  .refine((value) => value === '' || Number(value) >= 0, INVENTORY_MESSAGES.quantityPositive)
  .refine((value) => value === '' || wholeNumber(value), INVENTORY_MESSAGES.quantityWhole);

/** Whole numbers typed so far, or null while a field is blank or not a number. */
export const quantityOf = (value: string): number | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/** Spec §5: shown on create and edit when reserved exceeds on hand. */
export const reservedExceeds = (onHand: string, reserved: string): boolean => {
  const a = quantityOf(onHand);
  const b = quantityOf(reserved);
  return a !== null && b !== null && b > a;
};
