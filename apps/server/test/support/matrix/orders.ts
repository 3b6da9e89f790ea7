import type { MatrixEntry } from '../authorization-matrix';
import { isRefused, only, signedIn } from '../authorization-matrix';
import { multipart } from '../multipart';

/**
 * Refused callers (403/404) are sent a change (cancel, verify, a new customer name, a complete merge): the matrix
 * compares every table before and after, so a gate that answers 404 but lets the change commit fails it.
 *
 * Orders, labels and merge items, on the Alpha client's real orders (rows.orders): the neighbour client
 * (same warehouse), the Beta client and Beta's manager meet someone else's existing order (404). Writes leave the
 * rows as they were: the status is set to the one the order has (Pending is a manager status, so the owning client
 * gets 422), verification to the count it has, a scan names a SKU the order lacks, the delete targets a processing
 * order (409), uploads miss their required fields (422 after the scope check). Label and merge-PDF downloads of
 * real rows are in orders-labels.test.ts.
 */
const MISSING = 2_147_483_000;
const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const ADMINS = ['superAdmin', 'admin'] as const;
const ALPHA_READERS = ['superAdmin', 'admin', 'manager', 'client'] as const;
const OUTSIDERS = { otherManager: 404, otherClient: 404, neighbourClient: 404 } as const;
const STATUS_CHANGE = only(ALPHA_READERS, 200, { ...OUTSIDERS, client: 422 });
const VERIFY = only(STAFF, 200, { otherManager: 404 });
const EDIT = only(ALPHA_READERS, 200, OUTSIDERS);
const MERGE = only(ALPHA_READERS, 422, OUTSIDERS);

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
    request: ({ rows }) => ({ method: 'GET', url: `/api/orders/${rows.orders.pending.id}` }),
    expect: only(ALPHA_READERS, 200, OUTSIDERS),
  },
  {
    route: 'POST /api/orders/:id/status',
    request: ({ rows }, caller) => ({
      method: 'POST',
      url: `/api/orders/${rows.orders.pending.id}/status`,
      payload: { status: isRefused(STATUS_CHANGE, caller) ? 'cancelled' : 'Pending' },
    }),
    expect: STATUS_CHANGE,
  },
  {
    route: 'PUT /api/orders/:id/status',
    request: ({ rows }, caller) => ({
      method: 'PUT',
      url: `/api/orders/${rows.orders.pending.id}/status`,
      payload: { status: isRefused(STATUS_CHANGE, caller) ? 'cancelled' : 'Pending' },
    }),
    expect: STATUS_CHANGE,
  },
  {
    route: 'POST /api/orders/:id/items/:itemId/verify',
    request: ({ rows }, caller) => ({
      method: 'POST',
      url: `/api/orders/${rows.orders.pending.id}/items/${rows.orders.pending.itemId}/verify`,
      payload: isRefused(VERIFY, caller) ? { verified: true } : { verified_quantity: 0 },
    }),
    expect: VERIFY,
  },
  {
    route: 'POST /api/orders/:id/scan',
    request: ({ rows }) => ({
      method: 'POST',
      url: `/api/orders/${rows.orders.pending.id}/scan`,
      payload: { sku: 'NOT-IN-THIS-ORDER' },
    }),
    expect: only(STAFF, 422, { otherManager: 404 }),
  },
  {
    route: 'PUT /api/orders/:id',
    request: ({ rows }, caller) => ({
      method: 'PUT',
      url: `/api/orders/${rows.orders.pending.id}`,
      payload: isRefused(EDIT, caller) ? { customer_name: `Changed by ${caller}` } : {},
    }),
    expect: EDIT,
  },
  {
    route: 'DELETE /api/orders/:id',
    request: ({ rows }) => ({ method: 'DELETE', url: `/api/orders/${rows.orders.processing.id}` }),
    expect: only(ADMINS, 409),
  },
  {
    route: 'POST /api/orders/:id/labels',
    request: ({ rows }) => ({ method: 'POST', url: `/api/orders/${rows.orders.pending.id}/labels`, payload: {} }),
    expect: only(ALPHA_READERS, 422, OUTSIDERS),
  },
  {
    route: 'GET /api/orders/:id/labels',
    request: ({ rows }) => ({ method: 'GET', url: `/api/orders/${rows.orders.pending.id}/labels` }),
    expect: only(ALPHA_READERS, 200, OUTSIDERS),
  },
  {
    route: 'GET /api/labels/:id/download',
    request: () => ({ method: 'GET', url: `/api/labels/${MISSING}/download` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/merge-items',
    // Allowed callers miss the title (422); refused ones send a complete merge.
    request: ({ rows }, caller) => ({
      method: 'POST',
      url: '/api/merge-items',
      ...multipart({
        order_ids: `[${rows.orders.pending.id},${rows.orders.processing.id}]`,
        ...(isRefused(MERGE, caller) ? { title: `Merged by ${caller}` } : {}),
      }),
    }),
    expect: MERGE,
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
