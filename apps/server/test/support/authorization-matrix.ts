import type { InjectOptions } from 'fastify';
import type { MatrixRows } from './matrix/rows';
import { ACTORS, type Actor, type World } from './world';

export type Caller = Actor | 'anonymous';
export const CALLERS: readonly Caller[] = ['anonymous', ...ACTORS];

/** The test world plus the real rows the matrix reads and writes (matrix/rows.ts). */
export type MatrixWorld = World & { rows: MatrixRows };

export interface MatrixEntry {
  /** "METHOD /api/path" exactly as registered (with :params), to check every route is covered. */
  route: string;
  /**
   * A request on a REAL row whenever the route reads or writes one by id (someone else's for the callers who must
   * be refused): a missing id or an empty body answers 404/422 whatever the scope check does, so proves nothing.
   * `caller` lets a row that a successful call consumes (a delete) hand each caller a row of their own.
   */
  request: (world: MatrixWorld, caller: Caller) => InjectOptions;
  /** Expected status per caller. */
  expect: Record<Caller, number>;
}

/** Everyone signed in gets `ok`; anonymous callers get 401. */
export const signedIn = (ok: number): Record<Caller, number> => ({
  anonymous: 401,
  ...(Object.fromEntries(ACTORS.map((a) => [a, ok])) as Record<Actor, number>),
});

/** Public routes answer the same to every caller. */
export const everyone = (status: number): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;

/** `ok` for the listed actors, 403 for other signed-in actors, 401 for anonymous. */
export const only = (actors: readonly Actor[], ok: number, overrides: Partial<Record<Caller, number>> = {}) => ({
  ...(Object.fromEntries(CALLERS.map((c) => [c, c === 'anonymous' ? 401 : actors.includes(c) ? ok : 403])) as Record<
    Caller,
    number
  >),
  ...overrides,
});

/**
 * Whether `caller` is refused (401, 403, 404) by an expectation. A refused caller can be sent a payload that WOULD
 * change the row, so the matrix's table snapshot catches a refusal that answers 404 but commits the change.
 */
export const isRefused = (expected: Record<Caller, number>, caller: Caller) =>
  expected[caller] === 401 || expected[caller] === 403 || expected[caller] === 404;
