import type { MatrixEntry } from '../authorization-matrix';
import { isRefused, only, signedIn } from '../authorization-matrix';

const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const ALPHA_READERS = ['superAdmin', 'admin', 'manager', 'client'] as const;
const OUTSIDERS = { otherManager: 404, otherClient: 404, neighbourClient: 404 } as const;
const EDIT = only(ALPHA_READERS, 200, OUTSIDERS);

/**
 * Inquiries on the Alpha client's real inquiry (rows.inquiry): the neighbour client (same warehouse), Beta's client
 * and Beta's manager meet someone else's existing id (404). Rows run in order, callers in CALLERS order
 * (super-admin first): PUT sends nothing to change; resolve and then delete come last and change the row.
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
    request: ({ rows }) => ({ method: 'GET', url: `/api/inquiries/${rows.inquiry.id}` }),
    expect: only(ALPHA_READERS, 200, OUTSIDERS),
  },
  {
    route: 'GET /api/inquiries/:id/timeline',
    request: ({ rows }) => ({ method: 'GET', url: `/api/inquiries/${rows.inquiry.id}/timeline` }),
    expect: only(ALPHA_READERS, 200, OUTSIDERS),
  },
  {
    route: 'POST /api/inquiries',
    request: () => ({ method: 'POST', url: '/api/inquiries', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'PUT /api/inquiries/:id',
    // Refused callers send a new text, so a refusal that commits it fails the matrix's table comparison.
    request: ({ rows }, caller) => ({
      method: 'PUT',
      url: `/api/inquiries/${rows.inquiry.id}`,
      payload: isRefused(EDIT, caller) ? { query: `Rewritten by ${caller}.`, status: 'closed' } : {},
    }),
    expect: EDIT,
  },
  {
    // The first staff caller in scope resolves it (200); the other staff in scope then meet a resolved inquiry (409),
    // Beta's manager someone else's (404); clients may never resolve (403).
    route: 'POST /api/inquiries/:id/resolve',
    request: ({ rows }) => ({
      method: 'POST',
      url: `/api/inquiries/${rows.inquiry.id}/resolve`,
      payload: { response: 'Answered by the matrix.' },
    }),
    expect: only(STAFF, 409, { superAdmin: 200, otherManager: 404 }),
  },
  {
    // Last: the super-admin deletes the real row (200); the admin (who may delete only their own) then finds it
    // gone; managers and clients lack `delete inquiries`. The admin's 403 on someone else's is in inquiries.test.ts.
    route: 'DELETE /api/inquiries/:id',
    request: ({ rows }) => ({ method: 'DELETE', url: `/api/inquiries/${rows.inquiry.id}` }),
    expect: only(['superAdmin', 'admin'], 404, { superAdmin: 200 }),
  },
];
