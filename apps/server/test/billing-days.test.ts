import { describe, expect, it } from 'vitest';
import {
  earliestToday,
  firstFutureDay,
  latestToday,
  localDate,
  periodHasEnded,
} from '../src/modules/billing/charges/billing-days';

/** Fixed clocks: the rules read the zone where a date changes last (or first), never UTC alone. */
describe('billing days across time zones', () => {
  const zones = ['UTC', 'America/New_York'];

  it("reads an instant's calendar date in a zone", () => {
    expect(localDate('America/New_York', new Date('2026-02-01T03:00:00Z'))).toBe('2026-01-31');
    expect(localDate('Pacific/Kiritimati', new Date('2026-01-31T11:00:00Z'))).toBe('2026-02-01');
  });

  it('a period has ended only once its last day is over in every zone', () => {
    // 03:00 UTC on Feb 1 is still Jan 31, 22:00 in New York: January has not ended there.
    expect(periodHasEnded('2026-01-31', zones, new Date('2026-02-01T03:00:00Z'))).toBe(false);
    expect(periodHasEnded('2026-01-31', ['UTC'], new Date('2026-02-01T03:00:00Z'))).toBe(true);
    // New York's midnight is 05:00 UTC.
    expect(periodHasEnded('2026-01-31', zones, new Date('2026-02-01T04:59:59Z'))).toBe(false);
    expect(periodHasEnded('2026-01-31', zones, new Date('2026-02-01T05:00:00Z'))).toBe(true);
    // No warehouse: UTC decides.
    expect(periodHasEnded('2026-01-31', [], new Date('2026-02-01T00:00:00Z'))).toBe(true);
  });

  it('the first day a rate may start is tomorrow in every zone', () => {
    // 11:00 UTC on Jan 31 is already Feb 1 in Kiritimati (UTC+14): Feb 1 has begun there, so Feb 2 is the first.
    const now = new Date('2026-01-31T11:00:00Z');
    expect(latestToday(['UTC', 'Pacific/Kiritimati'], now)).toBe('2026-02-01');
    expect(earliestToday(['UTC', 'Pacific/Kiritimati'], now)).toBe('2026-01-31');
    expect(firstFutureDay(['UTC', 'Pacific/Kiritimati'], now)).toBe('2026-02-02');
    expect(firstFutureDay(['UTC'], now)).toBe('2026-02-01');
    expect(firstFutureDay([], now)).toBe('2026-02-01');
  });
});
