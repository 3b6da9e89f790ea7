import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { router, signedInPreloads } from './router';

const matchesOf = (path: string) => matchRoutes(router.routes, path) ?? [];

describe('a start on a signed-in page fetches its code ahead of rendering', () => {
  it("preloads the guard's, the shell's and the floor screen's chunks at once", () => {
    const preloads = signedInPreloads(matchesOf('/moves/scan'), true);
    expect(preloads).toHaveLength(3);
    // The page's own: another page preloads another chunk, the shell's two are the same.
    const other = signedInPreloads(matchesOf('/cycle-counts'), true);
    expect(other.slice(0, 2)).toEqual(preloads.slice(0, 2));
    expect(other[2]).not.toBe(preloads[2]);
  });

  it('fetches nothing without a stored session', () => {
    expect(signedInPreloads(matchesOf('/moves/scan'), false)).toEqual([]);
  });

  it("fetches nothing for the sign-in page (its first load's budget)", () => {
    expect(signedInPreloads(matchesOf('/login'), true)).toEqual([]);
  });
});
