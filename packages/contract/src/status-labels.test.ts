import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_STATUSES } from './order-lifecycle';
import { statusLabel } from './status-labels';

describe('statusLabel', () => {
  it.each([
    ['Order_placed', 'Order placed'],
    ['Not_updated_yet', 'Not updated yet'],
    ['tx_er_order', 'TX ER order'],
    ['Different_Items', 'Different items'],
    ['letter_packed', 'Letter packed'],
    ['No-Scan', 'No scan'],
    ['OOS', 'OOS'],
    ['instock', 'In stock'],
    ['onetime 3pl', 'One-time 3PL'],
    ['shipped', 'Shipped'],
    ['Pending', 'Pending'],
    ['in_progress', 'In progress'],
  ])('%s reads "%s"', (value, label) => {
    expect(statusLabel(value)).toBe(label);
  });

  it('leaves a name written as words as it is, but for its first letter', () => {
    expect(statusLabel('awaiting pickup at UPS')).toBe('Awaiting pickup at UPS');
    expect(statusLabel('Sent to McKenzie')).toBe('Sent to McKenzie');
  });

  it('gives every seeded status a label without underscores, starting with a capital', () => {
    for (const status of DEFAULT_ORDER_STATUSES) {
      const label = statusLabel(status.name);
      expect(label, status.name).not.toMatch(/_/);
      expect(label.charAt(0), status.name).toBe(label.charAt(0).toUpperCase());
    }
  });
});
