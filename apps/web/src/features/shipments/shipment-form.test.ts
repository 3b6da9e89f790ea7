import { describe, expect, it } from 'vitest';
import { rejectionSchema, shipmentFieldsSchema, todayIso, toShipmentFields } from './shipment-form';

describe('shipment form', () => {
  it('defaults the delivery date to today in the local calendar', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('sends empty optional fields as null (spec 2 §7)', () => {
    expect(
      toShipmentFields({ quantity: '3', tracking_number: ' ', carrier: 'DHL', delivery_date: '', notes: '' }),
    ).toEqual({ quantity: 3, tracking_number: null, carrier: 'DHL', delivery_date: null, notes: null });
  });

  it('checks quantity and the rejection reason with the spec texts', () => {
    const base = { tracking_number: '', carrier: '', delivery_date: '', notes: '' };
    expect(shipmentFieldsSchema.safeParse({ ...base, quantity: '' }).error?.issues[0]?.message).toBe(
      'Quantity is required',
    );
    expect(shipmentFieldsSchema.safeParse({ ...base, quantity: '0' }).error?.issues[0]?.message).toBe(
      'Quantity must be at least 1',
    );
    expect(rejectionSchema.safeParse({ rejection_reason: '  ' }).error?.issues[0]?.message).toBe(
      'Please provide a reason for rejection',
    );
  });
});
