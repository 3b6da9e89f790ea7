import type { MatrixEntry } from '../authorization-matrix';
import { only, signedIn } from '../authorization-matrix';
import { multipart } from '../multipart';
import { ORDER_CREATORS } from './order-creation';

const MISSING = 999_999;

/** Import mappings: whoever may import orders inspects files and keeps mappings of their accounts. */
export const importMappingsMatrix: MatrixEntry[] = [
  {
    route: 'POST /api/orders/import/inspect',
    request: () => ({ method: 'POST', url: '/api/orders/import/inspect', ...multipart({}) }),
    expect: only(ORDER_CREATORS, 422),
  },
  {
    // Whoever may create products (every default role) inspects a product file.
    route: 'POST /api/products/import/inspect',
    request: () => ({ method: 'POST', url: '/api/products/import/inspect', ...multipart({}) }),
    expect: signedIn(422),
  },
  {
    route: 'GET /api/import-mappings',
    request: () => ({ method: 'GET', url: '/api/import-mappings' }),
    expect: only(ORDER_CREATORS, 200),
  },
  {
    route: 'POST /api/import-mappings',
    request: () => ({ method: 'POST', url: '/api/import-mappings', payload: {} }),
    expect: only(ORDER_CREATORS, 422),
  },
  {
    route: 'PUT /api/import-mappings/:id',
    request: () => ({ method: 'PUT', url: `/api/import-mappings/${MISSING}`, payload: {} }),
    expect: only(ORDER_CREATORS, 404),
  },
  {
    route: 'DELETE /api/import-mappings/:id',
    request: () => ({ method: 'DELETE', url: `/api/import-mappings/${MISSING}` }),
    expect: only(ORDER_CREATORS, 404),
  },
];
