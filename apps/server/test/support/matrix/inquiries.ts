import type { MatrixEntry } from '../authorization-matrix';
import { only, signedIn } from '../authorization-matrix';

const MISSING = 999_999;
const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const DELETERS = ['superAdmin', 'admin'] as const;

/**
 * Inquiries: everyone signed in reads and raises them (clients hold view/create/edit inquiries). Reads of real rows
 * across tenants are in inquiries.test.ts (two clients in Alpha, two managers on different warehouses).
 */
export const inquiriesMatrix: MatrixEntry[] = [
  { route: 'GET /api/inquiries', request: () => ({ method: 'GET', url: '/api/inquiries' }), expect: signedIn(200) },
  {
    route: 'GET /api/inquiries/statistics',
    request: () => ({ method: 'GET', url: '/api/inquiries/statistics' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/inquiries/assignable-users',
    request: () => ({ method: 'GET', url: '/api/inquiries/assignable-users' }),
    expect: only(STAFF, 200),
  },
  {
    route: 'GET /api/inquiries/subject-options/:type',
    request: () => ({ method: 'GET', url: '/api/inquiries/subject-options/orders' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/inquiries/:id',
    request: () => ({ method: 'GET', url: `/api/inquiries/${MISSING}` }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/inquiries/:id/timeline',
    request: () => ({ method: 'GET', url: `/api/inquiries/${MISSING}/timeline` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/inquiries',
    request: () => ({ method: 'POST', url: '/api/inquiries', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'PUT /api/inquiries/:id',
    request: () => ({ method: 'PUT', url: `/api/inquiries/${MISSING}`, payload: {} }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/inquiries/:id',
    request: () => ({ method: 'DELETE', url: `/api/inquiries/${MISSING}` }),
    expect: only(DELETERS, 404),
  },
  {
    route: 'POST /api/inquiries/:id/resolve',
    request: () => ({ method: 'POST', url: `/api/inquiries/${MISSING}/resolve`, payload: { response: 'x' } }),
    expect: only(STAFF, 404, { client: 403, otherClient: 403, neighbourClient: 403 }),
  },
];
