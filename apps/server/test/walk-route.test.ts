import { describe, expect, it } from 'vitest';
import {
  partNumber,
  type WalkStop,
  walkDistance,
  walkOrder,
  walkRoute,
} from '../src/modules/outbound/waves/walk-route';

/** A stop from its code, split the way "Generate" names locations: ZONE-AISLE-RACK-LEVEL[-BIN]. */
let nextId = 1;
function stop(code: string, walkSequence: number | null = null): WalkStop {
  const [zone, aisle = null, rack = null, level = null, bin = null] = code.split('-');
  return { id: nextId++, code, zone: zone!, aisle, rack, level, bin, walkSequence };
}
const codes = (stops: WalkStop[]) => stops.map((s) => s.code);
/** Fisher–Yates with a fixed seed: the input order must never matter. */
function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const WAVE = ['A-01-01-A', 'A-01-03-A', 'A-02-03-A', 'A-02-03-B', 'A-02-01-A', 'A-03-02-A'];

describe('walk order', () => {
  it('walks odd aisles up and even aisles down (serpentine), levels in order within a rack', () => {
    const stops = shuffled(WAVE.map((c) => stop(c)));
    expect(codes(walkOrder(stops))).toEqual(WAVE);
  });

  it('reverses the racks of every even aisle, not only the second', () => {
    const order = codes(
      walkOrder(['A-04-01-A', 'A-04-05-A', 'A-03-05-A', 'A-03-01-A', 'A-05-05-A', 'A-05-01-A'].map((c) => stop(c))),
    );
    expect(order).toEqual(['A-03-01-A', 'A-03-05-A', 'A-04-05-A', 'A-04-01-A', 'A-05-01-A', 'A-05-05-A']);
  });

  it('reads aisles as numbers (A-2 before A-10) and letter aisles as positions (B is even: walked down)', () => {
    expect(codes(walkOrder(['A-10-01-A', 'A-9-01-A', 'A-2-01-A'].map((c) => stop(c))))).toEqual([
      'A-2-01-A',
      'A-9-01-A',
      'A-10-01-A',
    ]);
    expect(codes(walkOrder(['C-B-1-A', 'C-B-2-A', 'C-A-2-A', 'C-A-1-A'].map((c) => stop(c))))).toEqual([
      'C-A-1-A',
      'C-A-2-A',
      'C-B-2-A',
      'C-B-1-A',
    ]);
  });

  it('puts locations with a walk sequence first, by it, then the serpentine, zone by zone', () => {
    const stops = shuffled([
      stop('B-01-01-A'),
      stop('A-02-01-A'),
      stop('A-02-02-A'),
      stop('A-01-09-A', 2),
      stop('B-02-01-A', 1),
    ]);
    expect(codes(walkOrder(stops))).toEqual(['B-02-01-A', 'A-01-09-A', 'A-02-02-A', 'A-02-01-A', 'B-01-01-A']);
  });

  it("follows a zone's aisles with the codes it cannot place, in code order", () => {
    const stops = shuffled([stop('UNASSIGNED'), stop('A-01-02-A'), stop('A-DOCK'), stop('B-01-01-A')]);
    expect(codes(walkOrder(stops))).toEqual(['A-01-02-A', 'A-DOCK', 'B-01-01-A', 'UNASSIGNED']);
  });

  it('leaves its input as it was', () => {
    const stops = [stop('A-02-01-A'), stop('A-01-01-A')];
    walkOrder(stops);
    expect(codes(stops)).toEqual(['A-02-01-A', 'A-01-01-A']);
  });

  it('parses code parts into positions', () => {
    expect([
      partNumber('07'),
      partNumber('A3'),
      partNumber('A'),
      partNumber('AA'),
      partNumber('?'),
      partNumber(null),
    ]).toEqual([7, 3, 1, 27, null, null]);
  });
});

/*
 * Default model: aisles 3 m apart (aisle k at x = 3k), racks 1.5 m deep (rack r at y = 1.5r − 0.75), the start at
 * (0, 0) on the front cross-aisle, the back cross-aisle behind the deepest rack.
 */
describe('walking distance', () => {
  it('measures the serpentine leg by leg, turning by the nearer cross-aisle, back to the start', () => {
    // start→A-01-01 3+0.75; →A-01-03 3; →A-02-03 3+min(7.5, 1.5); →B level 0; →A-02-01 3; →A-03-02 3+min(3, 6);
    // →start 9+2.25.
    const { stops, distance } = walkRoute(shuffled(WAVE.map((c) => stop(c))));
    expect(codes(stops)).toEqual(WAVE);
    expect(distance).toBe(31.5);
  });

  it('scores the serpentine shorter than the plain code order over the same locations', () => {
    const byCode = ['A-01-01-A', 'A-01-03-A', 'A-02-01-A', 'A-02-03-A', 'A-02-03-B', 'A-03-02-A'].map((c) => stop(c));
    expect(walkDistance(byCode)).toBe(34.5);
    expect(walkRoute(byCode).distance).toBeLessThan(walkDistance(byCode));
  });

  it('scales with the configured spacing and start point, and can stop at the last location', () => {
    const ordered = walkOrder(WAVE.map((c) => stop(c)));
    expect(walkDistance(ordered, { aisleSpacing: 6, rackSpacing: 3 })).toBe(63);
    // Without the way back: 31.5 − 11.25, to one decimal.
    expect(walkDistance(ordered, { returnToStart: false })).toBe(20.3);
    // Starting at aisle 3's mouth (x = 9): the first leg is 3 m longer, the way back 9 m shorter.
    expect(walkDistance(ordered, { start: { x: 9, y: 0 } })).toBe(25.5);
  });

  it('walks straight along one aisle and takes the back cross-aisle when it is shorter', () => {
    // start→A-01-01 3.75, →A-01-10 13.5 (along the aisle), →A-02-10 3 + min(28.5, 1.5) = 4.5, →start 6 + 14.25.
    const stops = walkOrder(['A-01-01-A', 'A-01-10-A', 'A-02-10-A'].map((c) => stop(c)));
    expect(walkDistance(stops)).toBe(42);
  });

  it('adds nothing for a location it cannot place, and 0 when none can be placed', () => {
    const placed = walkOrder(['A-01-01-A', 'A-01-03-A'].map((c) => stop(c)));
    const withUnplaced = [...placed, stop('UNASSIGNED')];
    expect(walkDistance(withUnplaced)).toBe(walkDistance(placed));
    expect(walkDistance([stop('UNASSIGNED')])).toBe(0);
    expect(walkDistance([])).toBe(0);
  });

  it("lays zones side by side after the previous zone's highest aisle, from the warehouse's aisles when given", () => {
    const stops = walkOrder(['A-01-01-A', 'B-01-01-A'].map((c) => stop(c)));
    // From the stops alone: A-01 at x 3, B-01 at x (2+1)*3 = 9: 3.75 + (6 + 1.5) + (9 + 0.75) = 21.
    expect(walkDistance(stops)).toBe(21);
    // The warehouse has aisles A-01..A-04: B-01 stands at x (5+1)*3 = 18: 3.75 + (15 + 1.5) + (18 + 0.75) = 39.
    const aisles = ['01', '02', '03', '04'].map((aisle) => ({ zone: 'A', aisle }));
    expect(walkDistance(stops, { aisles: [...aisles, { zone: 'B', aisle: '01' }] })).toBe(39);
  });
});
