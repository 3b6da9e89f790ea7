import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import { multipart } from '../multipart';

const MISSING = 999_999;
/** Default role sets: staff and clients may create orders (super-admin, admin, manager, client). */
export const ORDER_CREATORS = [
  'superAdmin',
  'admin',
  'manager',
  'otherManager',
  'client',
  'otherClient',
  'neighbourClient',
] as const;
/** Drafts are read with `view orders`, which the same default roles hold. */
const ORDER_VIEWERS = ORDER_CREATORS;

/** Order creation: the create screen's calls, drafts and the spreadsheet import. */
export const orderCreationMatrix: MatrixEntry[] = [
  {
    route: 'POST /api/orders/bulk',
    request: () => ({ method: 'POST', url: '/api/orders/bulk', payload: { orders: [] } }),
    expect: only(ORDER_CREATORS, 422),
  },
  {
    route: 'GET /api/orders/available-inventory',
    request: () => ({ method: 'GET', url: '/api/orders/available-inventory?search=x' }),
    expect: only(ORDER_CREATORS, 200),
  },
  {
    route: 'GET /api/orders/shippers',
    request: () => ({ method: 'GET', url: '/api/orders/shippers' }),
    expect: only(ORDER_CREATORS, 200),
  },

  {
    route: 'GET /api/bulk-order-drafts',
    request: () => ({ method: 'GET', url: '/api/bulk-order-drafts' }),
    expect: only(ORDER_VIEWERS, 200),
  },
  {
    route: 'GET /api/bulk-order-drafts/statistics',
    request: () => ({ method: 'GET', url: '/api/bulk-order-drafts/statistics' }),
    expect: only(ORDER_VIEWERS, 200),
  },
  {
    route: 'GET /api/bulk-order-drafts/:id',
    request: () => ({ method: 'GET', url: `/api/bulk-order-drafts/${MISSING}` }),
    expect: only(ORDER_VIEWERS, 404),
  },
  {
    route: 'POST /api/bulk-order-drafts',
    request: () => ({ method: 'POST', url: '/api/bulk-order-drafts', payload: {} }),
    expect: only(ORDER_CREATORS, 422),
  },
  {
    route: 'PUT /api/bulk-order-drafts/:id',
    request: () => ({ method: 'PUT', url: `/api/bulk-order-drafts/${MISSING}`, payload: {} }),
    expect: only(ORDER_CREATORS, 422),
  },
  {
    route: 'DELETE /api/bulk-order-drafts/:id',
    request: () => ({ method: 'DELETE', url: `/api/bulk-order-drafts/${MISSING}` }),
    expect: only(ORDER_CREATORS, 404),
  },
  {
    route: 'POST /api/bulk-order-drafts/:id/convert',
    request: () => ({ method: 'POST', url: `/api/bulk-order-drafts/${MISSING}/convert` }),
    expect: only(ORDER_CREATORS, 404),
  },
  {
    route: 'POST /api/bulk-order-drafts/:id/label-files',
    request: () => ({ method: 'POST', url: `/api/bulk-order-drafts/${MISSING}/label-files`, ...multipart({}) }),
    expect: only(ORDER_CREATORS, 404),
  },
  {
    route: 'GET /api/bulk-order-drafts/:id/label-files/:file_id',
    request: () => ({
      method: 'GET',
      url: `/api/bulk-order-drafts/${MISSING}/label-files/00000000-0000-4000-8000-000000000000`,
    }),
    expect: only(ORDER_VIEWERS, 404),
  },

  {
    route: 'GET /api/orders/template',
    request: () => ({ method: 'GET', url: '/api/orders/template' }),
    expect: only(ORDER_CREATORS, 200),
  },
  {
    route: 'POST /api/orders/import',
    request: () => ({ method: 'POST', url: '/api/orders/import', ...multipart({}) }),
    expect: only(ORDER_CREATORS, 422),
  },
];
