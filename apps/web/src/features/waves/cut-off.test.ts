import { describe, expect, it } from 'vitest';
import { cutOffDistance, minutesOf } from './cut-off';

describe('shipper cut-off on the release screen', () => {
  it('reads local times', () => {
    expect(minutesOf('16:30')).toBe(990);
    expect(minutesOf('07:05:00')).toBe(425);
    expect(minutesOf('25:00')).toBeNull();
    expect(minutesOf(null)).toBeNull();
  });

  it('says how far the cut-off is from the warehouse clock', () => {
    expect(cutOffDistance('16:00', '15:15')).toBe('45 min left');
    expect(cutOffDistance('16:00', '13:50')).toBe('2 h 10 min left');
    expect(cutOffDistance('16:00', '17:00')).toBe('passed 1 h ago');
    expect(cutOffDistance(null, '17:00')).toBeNull();
  });
});
