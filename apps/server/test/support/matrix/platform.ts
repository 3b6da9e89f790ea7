import { everyone, type MatrixEntry, signedIn } from '../authorization-matrix';

/** Health, docs, sign-in and the lists the app shell needs. */
export const platformMatrix: MatrixEntry[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expect: everyone(200) },
  {
    route: 'GET /api/health/ready',
    request: () => ({ method: 'GET', url: '/api/health/ready' }),
    expect: everyone(200),
  },
  // Not a user permission: the monitoring system presents METRICS_TOKEN, which no sign-in holds (metrics.test.ts
  // covers the token). The matrix runs without METRICS_TOKEN, where the route answers 404 to everyone.
  { route: 'GET /api/metrics', request: () => ({ method: 'GET', url: '/api/metrics' }), expect: everyone(404) },
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
  { route: 'GET /api/dashboard', request: () => ({ method: 'GET', url: '/api/dashboard' }), expect: signedIn(200) },
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
