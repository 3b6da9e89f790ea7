import { describe, expect, it } from 'vitest';
import { createOrderInputSchema, ORDER_CREATION_MESSAGES as M, sectionStockStatus } from './order-creation';

describe('create-screen stock indicator (spec §4)', () => {
  it('is backorder when any quantity exceeds availability, before anything else', () => {
    expect(
      sectionStockStatus([
        { quantity: 11, available: 10 },
        { quantity: 1, available: 0 },
      ]),
    ).toBe('backorder');
  });
  it('is out of stock when any availability is 0 (and nothing exceeds it)', () => {
    expect(
      sectionStockStatus([
        { quantity: 0, available: 0 },
        { quantity: 1, available: 50 },
      ]),
    ).toBe('out_of_stock');
  });
  it('is low stock at 5 available or fewer, in stock above', () => {
    expect(sectionStockStatus([{ quantity: 2, available: 5 }])).toBe('low_stock');
    expect(sectionStockStatus([{ quantity: 2, available: 6 }])).toBe('in_stock');
  });
  it('shows nothing without products', () => {
    expect(sectionStockStatus([])).toBeNull();
  });
});

describe('create-order input (spec §5)', () => {
  it('gives the ship date its own message, not the order id one', () => {
    const parsed = createOrderInputSchema.safeParse({
      account_id: 1,
      customer_name: 'A',
      order_id: 'X',
      ship_date: '',
      products: [{ product_id: 1, quantity: 1 }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['ship_date', M.shipDateRequired]]);
  });
  it('refuses impossible dates and quantities below 1', () => {
    const parsed = createOrderInputSchema.safeParse({
      account_id: 1,
      customer_name: 'A',
      order_id: 'X',
      ship_date: '2026-02-30',
      products: [{ product_id: 1, quantity: 0 }],
    });
    expect(parsed.error?.issues.map((i) => i.message).sort()).toEqual([M.quantityInvalid, M.shipDateInvalid].sort());
  });
});
