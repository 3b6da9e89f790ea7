import { describe, expect, it } from 'vitest';
import { movementReason } from './movement-reason';

describe('movementReason', () => {
  it('shows the typed reason', () => {
    expect(movementReason({ reason: 'Damaged', reference_type: 'adjustment', reference_id: null })).toBe('Damaged');
  });
  it('names a referenced order or shipment', () => {
    expect(movementReason({ reason: null, reference_type: 'order', reference_id: 12 })).toBe('Order #12');
    // The order's number, as people know it, once the server names it.
    expect(
      movementReason({ reason: null, reference_type: 'order', reference_id: 19, order_number: 'ORD-000019' }),
    ).toBe('Order ORD-000019');
  });
  it("never says 'adjustment #null'", () => {
    expect(movementReason({ reason: null, reference_type: 'adjustment', reference_id: null })).toBeNull();
    expect(movementReason({ reason: '  ', reference_type: null, reference_id: null })).toBeNull();
  });
});
