import { describe, expect, it } from 'vitest';
import { assignTote, nextSlot, type ToteSlot } from './tote-assignment';

const cart: ToteSlot[] = [
  { orderId: 1, orderLabel: 'ORD-1', tote: null },
  { orderId: 2, orderLabel: 'ORD-2', tote: null },
];

describe('cluster cart: one tote per order', () => {
  it('fills the orders in turn', () => {
    const first = assignTote(cart, ' T-1 ');
    expect(first.outcome).toEqual({ status: 'success', message: 'Tote T-1 for ORD-1' });
    expect(nextSlot(first.slots)?.orderLabel).toBe('ORD-2');
    const second = assignTote(first.slots, 'T-2');
    expect(nextSlot(second.slots)).toBeNull();
    expect(second.slots.map((s) => s.tote)).toEqual(['T-1', 'T-2']);
  });

  it('refuses a tote already on the cart for another order', () => {
    const first = assignTote(cart, 'T-1');
    const again = assignTote(first.slots, 't-1');
    expect(again.outcome.status).toBe('not-found');
    expect(again.outcome.message).toBe('Tote t-1 already holds ORD-1: take another tote.');
    expect(nextSlot(again.slots)?.orderLabel).toBe('ORD-2');
  });
});
