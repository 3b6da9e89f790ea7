import { describe, expect, it } from 'vitest';
import { cutOffDistance, cutOffState, localMinutes, minutesOf } from './cut-off';

describe('shipper cut-off on the release screen', () => {
  it('reads local times', () => {
    expect(minutesOf('16:30')).toBe(990);
    expect(minutesOf('07:05:00')).toBe(425);
    expect(minutesOf('25:00')).toBeNull();
    expect(minutesOf(null)).toBeNull();
  });

  it('is late from the cut-off on, at risk within the hour before, else on time', () => {
    expect(cutOffState('16:00', 16 * 60)).toBe('late');
    expect(cutOffState('16:00', 16 * 60 + 30)).toBe('late');
    expect(cutOffState('16:00', 15 * 60)).toBe('at_risk');
    expect(cutOffState('16:00', 15 * 60 - 1)).toBe('on_time');
    expect(cutOffState(null, 0)).toBe('none');
  });

  it('says how far the cut-off is', () => {
    expect(cutOffDistance('16:00', 15 * 60 + 15)).toBe('45 min left');
    expect(cutOffDistance('16:00', 13 * 60 + 50)).toBe('2 h 10 min left');
    expect(cutOffDistance('16:00', 17 * 60)).toBe('passed 1 h ago');
  });

  it('reads the clock in the warehouse time zone', () => {
    const noonUtc = new Date('2026-01-15T12:00:00Z');
    expect(localMinutes(noonUtc, 'UTC')).toBe(720);
    expect(localMinutes(noonUtc, 'America/New_York')).toBe(420);
  });
});
