import type { MatrixEntry } from '../authorization-matrix';
import { only, signedIn } from '../authorization-matrix';

/**
 * Orders, labels and merge items (issue 7). The matrix database has no orders, so routes on one order use an id
 * that does not exist: callers allowed through the permission (and staff) gates reach the scope check and get 404,
 * the others 403. Scope itself is tested with real ids of other tenants in orders-*.test.ts.
 */
const MISSING = 2_147_483_000;
const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const ADMINS = ['superAdmin', 'admin'] as const;

export const ordersMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/orders/with-merge-items',
    request: () => ({ method: 'GET', url: '/api/orders/with-merge-items' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/orders/statistics',
    request: () => ({ method: 'GET', url: '/api/orders/statistics' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/orders/status-options',
    request: () => ({ method: 'GET', url: '/api/orders/status-options' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/orders/:id',
    request: () => ({ method: 'GET', url: `/api/orders/${MISSING}` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/orders/:id/status',
    request: () => ({ method: 'POST', url: `/api/orders/${MISSING}/status`, payload: { status: 'cancelled' } }),
    expect: signedIn(404),
  },
  {
    route: 'PUT /api/orders/:id/status',
    request: () => ({ method: 'PUT', url: `/api/orders/${MISSING}/status`, payload: { status: 'cancelled' } }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/orders/:id/items/:itemId/verify',
    request: () => ({
      method: 'POST',
      url: `/api/orders/${MISSING}/items/${MISSING}/verify`,
      payload: { verified: true },
    }),
    expect: only(STAFF, 404),
  },
  {
    route: 'POST /api/orders/:id/scan',
    request: () => ({ method: 'POST', url: `/api/orders/${MISSING}/scan`, payload: { sku: 'SKU-1' } }),
    expect: only(STAFF, 404),
  },
  {
    route: 'PUT /api/orders/:id',
    request: () => ({ method: 'PUT', url: `/api/orders/${MISSING}`, payload: { notes: 'x' } }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/orders/:id',
    request: () => ({ method: 'DELETE', url: `/api/orders/${MISSING}` }),
    expect: only(ADMINS, 404),
  },
  {
    // No multipart body: the label fields are missing (422) for everyone holding `create orders`.
    route: 'POST /api/orders/:id/labels',
    request: () => ({ method: 'POST', url: `/api/orders/${MISSING}/labels`, payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'GET /api/orders/:id/labels',
    request: () => ({ method: 'GET', url: `/api/orders/${MISSING}/labels` }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/labels/:id/download',
    request: () => ({ method: 'GET', url: `/api/labels/${MISSING}/download` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/merge-items',
    request: () => ({ method: 'POST', url: '/api/merge-items', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'GET /api/merge-items/:id/download-pdf',
    request: () => ({ method: 'GET', url: `/api/merge-items/${MISSING}/download-pdf` }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/orders/merge-items/:id/download-pdf',
    request: () => ({ method: 'GET', url: `/api/orders/merge-items/${MISSING}/download-pdf` }),
    expect: signedIn(404),
  },
];
