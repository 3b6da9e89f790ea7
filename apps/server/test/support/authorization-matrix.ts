import type { InjectOptions } from 'fastify';
import { ACTORS, type Actor, type World } from './world';

export type Caller = Actor | 'anonymous';
export const CALLERS: readonly Caller[] = ['anonymous', ...ACTORS];

export interface MatrixEntry {
  /** "METHOD /api/path" exactly as registered (with :params), to check every route is covered. */
  route: string;
  request: (world: World) => InjectOptions;
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
 * Every /api route and who may call it. Later areas add their routes here; the matrix test fails when a
 * registered route is missing.
 */
export const MATRIX: MatrixEntry[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expect: everyone(200) },
  {
    route: 'GET /api/openapi.json',
    request: () => ({ method: 'GET', url: '/api/openapi.json' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/login',
    request: () => ({ method: 'POST', url: '/api/login', payload: { email: 'x@y.com', password: 'nope-nope' } }),
    expect: everyone(422),
  },
  {
    route: 'POST /api/register',
    request: () => ({ method: 'POST', url: '/api/register', payload: {} }),
    expect: everyone(422),
  },
  {
    route: 'GET /api/all-warehouses',
    request: () => ({ method: 'GET', url: '/api/all-warehouses' }),
    expect: everyone(200),
  },
  { route: 'GET /api/user', request: () => ({ method: 'GET', url: '/api/user' }), expect: signedIn(200) },
  // Logout last in spirit: the matrix runner gives each call a fresh token, so revoking does not disturb others.
  { route: 'POST /api/logout', request: () => ({ method: 'POST', url: '/api/logout' }), expect: signedIn(200) },
  { route: 'GET /api/accounts', request: () => ({ method: 'GET', url: '/api/accounts' }), expect: signedIn(200) },
  { route: 'GET /api/warehouses', request: () => ({ method: 'GET', url: '/api/warehouses' }), expect: signedIn(200) },
  {
    route: 'GET /api/warehouses/active',
    request: () => ({ method: 'GET', url: '/api/warehouses/active' }),
    expect: signedIn(200),
  },
];
