import type { MatrixEntry, MatrixWorld } from '../authorization-matrix';
import { isRefused, only, signedIn } from '../authorization-matrix';
import { multipart } from '../multipart';
import type { World } from '../world';

const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const ADMINS = ['superAdmin', 'admin'] as const;

/** The client path for the Alpha client's account: reachable by its owner, admins and Alpha's manager. */
const clientAccountPath = (resource: string) => (world: World) => ({
  method: 'GET' as const,
  url: `/api/accounts/${world.accounts.clientActive}/${resource}`,
});
const reachableByAlpha = { ...signedIn(200), otherManager: 404, otherClient: 404, neighbourClient: 404 };
/** A staff write on the Alpha client's row: `ok` in scope, 404 for Beta's manager, 403 for clients. */
const writableByAlpha = (ok: number) => only(STAFF, ok, { otherManager: 404 });
const inventoryUrl = (w: MatrixWorld, suffix = '') => `/api/inventories/${w.rows.inventory.id}${suffix}`;

/** Products and inventory, acting on the Alpha client's real product and stock row (matrix/rows.ts). */
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
    // Copying the Alpha client's product into its own account: skipped as a duplicate (200, nothing changes) for
    // those who reach that account; the target is refused (422) for everyone else.
    route: 'POST /api/products/copy',
    request: (w) => ({
      method: 'POST',
      url: '/api/products/copy',
      payload: {
        product_ids: [w.rows.product.id],
        target_account_id: w.accounts.clientActive,
        target_warehouse_id: w.warehouses.alpha,
      },
    }),
    expect: { ...signedIn(200), otherManager: 422, otherClient: 422, neighbourClient: 422 },
  },
  {
    route: 'GET /api/flatten-accounts',
    request: () => ({ method: 'GET', url: '/api/flatten-accounts' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/products/:id',
    request: (w) => ({ method: 'GET', url: `/api/products/${w.rows.product.id}` }),
    expect: reachableByAlpha,
  },
  {
    route: 'GET /api/products/:id/components',
    request: (w) => ({ method: 'GET', url: `/api/products/${w.rows.product.id}/components` }),
    expect: reachableByAlpha,
  },
  {
    // The product is standard: refused with 422 once permission and scope pass, changing nothing.
    route: 'PUT /api/products/:id/components',
    request: (w) => ({
      method: 'PUT',
      url: `/api/products/${w.rows.product.id}/components`,
      payload: { components: [] },
    }),
    expect: { ...signedIn(422), otherManager: 404, otherClient: 404, neighbourClient: 404 },
  },
  {
    route: 'POST /api/products',
    request: () => ({ method: 'POST', url: '/api/products', payload: {} }),
    expect: signedIn(422),
  },
  {
    // The product's current values: saved unchanged in scope; refused callers send a new name (see isRefused).
    route: 'PUT /api/products/:id',
    request: (w, caller) => ({
      method: 'PUT',
      url: `/api/products/${w.rows.product.id}`,
      payload: {
        sku: w.rows.product.sku,
        name: isRefused(reachableByAlpha, caller) ? `Renamed by ${caller}` : w.rows.product.name,
        account_id: w.accounts.clientActive,
      },
    }),
    expect: reachableByAlpha,
  },
  {
    // The product has stock: refused with 409 after the scope check.
    route: 'DELETE /api/products/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/products/${w.rows.product.id}` }),
    expect: only(ADMINS, 409),
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
    // The Alpha client's product again: a duplicate row in scope, a product out of reach otherwise (both 422;
    // the scope-leak and inventory tests tell the two apart by message).
    route: 'POST /api/inventories',
    request: (w) => ({
      method: 'POST',
      url: '/api/inventories',
      payload: {
        product_id: w.rows.product.id,
        warehouse_id: w.warehouses.alpha,
        account_id: w.accounts.clientActive,
        quantity_on_hand: 1,
      },
    }),
    expect: only(STAFF, 422),
  },
  {
    route: 'GET /api/inventories/:id',
    request: (w) => ({ method: 'GET', url: inventoryUrl(w) }),
    expect: reachableByAlpha,
  },
  {
    // The current figures: no movement in scope; refused callers ask for more on hand (see isRefused).
    route: 'PUT /api/inventories/:id',
    request: (w, caller) => ({
      method: 'PUT',
      url: inventoryUrl(w),
      payload: {
        quantity_on_hand: w.rows.inventory.onHand + (isRefused(writableByAlpha(200), caller) ? 7 : 0),
        quantity_reserved: w.rows.inventory.reserved,
      },
    }),
    expect: writableByAlpha(200),
  },
  {
    // The row holds a reservation: refused with 409 after the scope check.
    route: 'DELETE /api/inventories/:id',
    request: (w) => ({ method: 'DELETE', url: inventoryUrl(w) }),
    expect: only(ADMINS, 409),
  },
  {
    // Reserving more than on hand: refused by the ledger (422) in scope, 404 outside.
    route: 'POST /api/inventories/:id/adjust',
    request: (w) => ({
      method: 'POST',
      url: inventoryUrl(w, '/adjust'),
      payload: { type: 'reserved', quantity_change: 1000 },
    }),
    expect: writableByAlpha(422),
  },
  {
    // Unverified stays unverified.
    route: 'POST /api/inventories/:id/verify',
    request: (w) => ({ method: 'POST', url: inventoryUrl(w, '/verify'), payload: { verified: false } }),
    expect: writableByAlpha(200),
  },
  {
    route: 'GET /api/inventories/:id/movements',
    request: (w) => ({ method: 'GET', url: inventoryUrl(w, '/movements') }),
    expect: reachableByAlpha,
  },
];
