import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';

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

/** Order creation (issue 8): the create screen's calls, drafts and the spreadsheet import. */
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
];
