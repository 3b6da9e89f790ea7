import { ORDER_MESSAGES } from '@wms/contract/orders';
import { describe, expect, it } from 'vitest';
import { shipRefusal } from './ship-refusal';

const open = { lifecycle: 'open' as const, items_count: 3, verified_items_count: 3 };

describe('shipRefusal', () => {
  it('lets a fully verified open order ship, and any non-shipping change through', () => {
    expect(shipRefusal(open, { lifecycle: 'shipped' })).toBeNull();
    expect(shipRefusal({ ...open, verified_items_count: 0 }, { lifecycle: 'open' })).toBeNull();
    expect(shipRefusal({ ...open, verified_items_count: 0 }, { lifecycle: 'cancelled' })).toBeNull();
  });

  it('refuses shipping while units are unverified, or a cancelled order', () => {
    expect(shipRefusal({ ...open, verified_items_count: 2 }, { lifecycle: 'shipped' })).toBe(
      ORDER_MESSAGES.shipNeedsVerification,
    );
    expect(shipRefusal({ ...open, lifecycle: 'cancelled' }, { lifecycle: 'shipped' })).toBe(
      ORDER_MESSAGES.cancelledCannotShip,
    );
  });

  it('does not stand between a shipped order and another shipped status (shipped → Delivered)', () => {
    expect(
      shipRefusal({ ...open, lifecycle: 'shipped', verified_items_count: 0 }, { lifecycle: 'shipped' }),
    ).toBeNull();
  });
});
