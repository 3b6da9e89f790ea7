import type { MatrixEntry } from '../authorization-matrix';
import { only, signedIn } from '../authorization-matrix';
import { multipart } from '../multipart';
import type { World } from '../world';

const MISSING = 999_999;
const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const ADMINS = ['superAdmin', 'admin'] as const;

/** The client path for the Alpha client's account: reachable by its owner, admins and Alpha's manager. */
const clientAccountPath = (resource: string) => (world: World) => ({
  method: 'GET' as const,
  url: `/api/accounts/${world.accounts.clientActive}/${resource}`,
});
const reachableByAlpha = { ...signedIn(200), otherManager: 404, otherClient: 404, neighbourClient: 404 };

/** Products and inventory (ids that do not exist answer 404 once the permission check has passed). */
export const catalogueMatrix: MatrixEntry[] = [
  { route: 'GET /api/products', request: () => ({ method: 'GET', url: '/api/products' }), expect: signedIn(200) },
  {
    route: 'GET /api/accounts/:accountId/products',
    request: clientAccountPath('products'),
    expect: reachableByAlpha,
  },
  {
    route: 'GET /api/products/export',
    request: () => ({ method: 'GET', url: '/api/products/export?format=csv' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/products/template',
    request: () => ({ method: 'GET', url: '/api/products/template' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/products/import',
    request: () => ({ method: 'POST', url: '/api/products/import', ...multipart({}) }),
    expect: signedIn(422),
  },
  {
    route: 'POST /api/products/copy',
    request: () => ({ method: 'POST', url: '/api/products/copy', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'GET /api/flatten-accounts',
    request: () => ({ method: 'GET', url: '/api/flatten-accounts' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/products/:id',
    request: () => ({ method: 'GET', url: `/api/products/${MISSING}` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/products',
    request: () => ({ method: 'POST', url: '/api/products', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'PUT /api/products/:id',
    request: () => ({ method: 'PUT', url: `/api/products/${MISSING}`, payload: { sku: 'X', name: 'Y' } }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/products/:id',
    request: () => ({ method: 'DELETE', url: `/api/products/${MISSING}` }),
    expect: only(ADMINS, 404),
  },
  { route: 'GET /api/inventories', request: () => ({ method: 'GET', url: '/api/inventories' }), expect: signedIn(200) },
  {
    route: 'GET /api/accounts/:accountId/inventories',
    request: clientAccountPath('inventories'),
    expect: reachableByAlpha,
  },
  {
    route: 'GET /api/inventories/low-stock',
    request: () => ({ method: 'GET', url: '/api/inventories/low-stock?threshold=10' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/inventories/out-of-stock',
    request: () => ({ method: 'GET', url: '/api/inventories/out-of-stock' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/inventories/summary',
    request: () => ({ method: 'GET', url: '/api/inventories/summary' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/inventories/export',
    request: () => ({ method: 'GET', url: '/api/inventories/export?format=xlsx' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/inventories',
    request: () => ({ method: 'POST', url: '/api/inventories', payload: {} }),
    expect: only(STAFF, 422),
  },
  {
    route: 'GET /api/inventories/:id',
    request: () => ({ method: 'GET', url: `/api/inventories/${MISSING}` }),
    expect: signedIn(404),
  },
  {
    route: 'PUT /api/inventories/:id',
    request: () => ({ method: 'PUT', url: `/api/inventories/${MISSING}`, payload: { quantity_on_hand: 1 } }),
    expect: only(STAFF, 404),
  },
  {
    route: 'DELETE /api/inventories/:id',
    request: () => ({ method: 'DELETE', url: `/api/inventories/${MISSING}` }),
    expect: only(ADMINS, 404),
  },
  {
    route: 'POST /api/inventories/:id/adjust',
    request: () => ({
      method: 'POST',
      url: `/api/inventories/${MISSING}/adjust`,
      payload: { type: 'on_hand', quantity_change: 1 },
    }),
    expect: only(STAFF, 404),
  },
  {
    route: 'POST /api/inventories/:id/verify',
    request: () => ({ method: 'POST', url: `/api/inventories/${MISSING}/verify`, payload: { verified: true } }),
    expect: only(STAFF, 404),
  },
  {
    route: 'GET /api/inventories/:id/movements',
    request: () => ({ method: 'GET', url: `/api/inventories/${MISSING}/movements` }),
    expect: signedIn(404),
  },
];
