import { describe, expect, it } from 'vitest';
import {
  SHIPMENT_MESSAGES,
  shipmentCreateSchema,
  shipmentListQuery,
  shipmentRejectSchema,
  shipmentUpdateSchema,
} from '../src/shipments';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('shipment schemas', () => {
  it('names every missing required field with the spec 2 §5 texts', () => {
    expect(messagesOf(shipmentCreateSchema.safeParse({}))).toEqual({
      account_id: SHIPMENT_MESSAGES.accountRequired,
      warehouse_id: SHIPMENT_MESSAGES.warehouseRequired,
      product_id: SHIPMENT_MESSAGES.productRequired,
      quantity: SHIPMENT_MESSAGES.quantityRequired,
    });
  });

  it('turns empty optional fields into null and keeps a custom carrier', () => {
    const parsed = shipmentCreateSchema.parse({
      account_id: '1',
      warehouse_id: 2,
      product_id: 3,
      quantity: '4',
      tracking_number: '  ',
      carrier: 'Neighbourhood Vans',
      delivery_date: '',
      notes: null,
    });
    expect(parsed).toEqual({
      account_id: 1,
      warehouse_id: 2,
      product_id: 3,
      quantity: 4,
      tracking_number: null,
      carrier: 'Neighbourhood Vans',
      delivery_date: null,
      notes: null,
    });
  });

  it('refuses a quantity below 1, a fraction, and an impossible date', () => {
    expect(messagesOf(shipmentUpdateSchema.safeParse({ quantity: 0 }))).toEqual({
      quantity: SHIPMENT_MESSAGES.quantityMin,
    });
    expect(messagesOf(shipmentUpdateSchema.safeParse({ quantity: 1.5 }))).toEqual({
      quantity: SHIPMENT_MESSAGES.quantityWhole,
    });
    expect(messagesOf(shipmentUpdateSchema.safeParse({ quantity: 1, delivery_date: '2026-02-29' }))).toEqual({
      delivery_date: SHIPMENT_MESSAGES.deliveryDateInvalid,
    });
    expect(shipmentUpdateSchema.safeParse({ quantity: 1, delivery_date: '2028-02-29' }).success).toBe(true);
  });

  it('needs a rejection reason that is not blank', () => {
    for (const rejection_reason of [undefined, '', '   ']) {
      expect(messagesOf(shipmentRejectSchema.safeParse({ rejection_reason }))).toEqual({
        rejection_reason: SHIPMENT_MESSAGES.reasonRequired,
      });
    }
  });

  it('reads All, or no status, as every status and pages 25 at a time', () => {
    expect(shipmentListQuery.parse({ status: 'all' })).toMatchObject({ status: undefined, per_page: 25, page: 1 });
    expect(shipmentListQuery.parse({ status: 'pending' }).status).toBe('pending');
    expect(shipmentListQuery.safeParse({ status: 'shipped' }).success).toBe(false);
  });
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates in notes and reasons, keeps emoji', () => {
    expect(shipmentUpdateSchema.safeParse({ quantity: 1, notes: 'a\u0000b' }).success).toBe(false);
    expect(shipmentUpdateSchema.safeParse({ quantity: 1, notes: 'half \uD83D' }).success).toBe(false);
    expect(shipmentRejectSchema.safeParse({ rejection_reason: '\uDE00 broken' }).success).toBe(false);
    expect(shipmentUpdateSchema.safeParse({ quantity: 1, notes: 'boxes 📦 ok' }).success).toBe(true);
  });
});
