import type { Shipment } from '@wms/contract/shipments';
import { describe, expect, it } from 'vitest';
import type { VerifyPayload } from './api';
import { putAwayOnDevice, putawayLabel, verifyPath, withWaitingPutaway } from './offline-putaway';

const line = (id: number, sku: string, quantity: number) => ({
  id,
  product: { id: id * 10, name: sku, sku, photo_url: null, track_lots: false, track_expiry: false },
  quantity,
  quantity_received: null,
  discrepancy_reason: null,
  putaway: [],
});

const shipment = {
  id: 12,
  warehouse_id: 3,
  status: 'pending',
  formatted_status: 'Pending',
  quantity: 15,
  quantity_received: null,
  has_discrepancy: false,
  lines: [line(1, 'TENT', 10), line(2, 'MUG', 5)],
  verification_notes: null,
  verified_at: null,
  verifier: null,
  can_edit: true,
  can_delete: true,
  can_review: true,
} as unknown as Shipment;

const payload: VerifyPayload = {
  notes: 'Dock 2',
  lines: [
    {
      line_id: 1,
      received_quantity: 10,
      discrepancy_reason: null,
      putaway: [{ location_id: 7, quantity: 10, lot_code: null, expiry_date: null }],
    },
    {
      line_id: 2,
      received_quantity: 4,
      discrepancy_reason: 'One broken',
      putaway: [
        { location_id: 7, quantity: 3, lot_code: 'L-1', expiry_date: '2027-01-31' },
        { location_id: 8, quantity: 1, lot_code: null, expiry_date: null },
      ],
    },
  ],
};
const codes = new Map([
  [7, 'A-01-02'],
  [8, 'B-01'],
]);

describe('a putaway made on the device', () => {
  it('is worded for the queue: every place of every line, and the shipment', () => {
    expect(putawayLabel(shipment, payload, codes)).toBe(
      'Put away 10 × TENT to A-01-02, 3 × MUG (lot L-1) to A-01-02, 1 × MUG to B-01 (shipment #12)',
    );
  });

  it('is cut to the 300 characters a hand-off carries, keeping the shipment', () => {
    const many: VerifyPayload = {
      notes: null,
      lines: [
        {
          line_id: 1,
          received_quantity: 60,
          discrepancy_reason: null,
          putaway: Array.from({ length: 60 }, () => ({
            location_id: 7,
            quantity: 1,
            lot_code: null,
            expiry_date: null,
          })),
        },
      ],
    };
    const label = putawayLabel(shipment, many, codes);
    expect(label).toHaveLength(300);
    expect(label.endsWith('… (shipment #12)')).toBe(true);
  });

  it('shows on the held shipment as the server would answer it: verified, received, put away', () => {
    const verifier = { id: 4, name: 'Dana', email: 'dana@example.com' };
    const done = putAwayOnDevice(shipment, payload, codes, verifier, '2026-11-30T06:00:00Z');
    expect(done).toMatchObject({
      status: 'verified',
      formatted_status: 'Verified',
      quantity_received: 14,
      has_discrepancy: true,
      verification_notes: 'Dock 2',
      verifier,
      can_review: false,
      can_edit: false,
    });
    expect(done.lines[1]).toMatchObject({ quantity_received: 4, discrepancy_reason: 'One broken' });
    expect(done.lines[1]!.putaway).toEqual([
      { location: { id: 7, code: 'A-01-02' }, lot_code: 'L-1', expiry_date: '2027-01-31', quantity: 3 },
      { location: { id: 8, code: 'B-01' }, lot_code: null, expiry_date: null, quantity: 1 },
    ]);
    expect(shipment.status).toBe('pending');
  });

  it('is applied to a copy that missed it (a reload right after Verify), other shipments’ putaways left out', () => {
    const verifier = { id: 4, name: 'Dana', email: 'dana@example.com' };
    const queued = (id: number) => ({ path: verifyPath(id), body: payload, createdAt: '2026-11-30T06:05:00Z' });
    const caughtUp = withWaitingPutaway(shipment, [queued(99), queued(12)], codes, verifier);
    expect(caughtUp).toEqual(putAwayOnDevice(shipment, payload, codes, verifier, '2026-11-30T06:05:00Z'));
    expect(withWaitingPutaway(shipment, [queued(99)], codes, verifier)).toBe(shipment);
    // A location the device's copy does not know keeps its id in view.
    const unknown = withWaitingPutaway(shipment, [queued(12)], new Map([[7, 'A-01-02']]), verifier);
    expect(unknown.lines[1]!.putaway[1]!.location).toEqual({ id: 8, code: 'location #8' });
  });
});
