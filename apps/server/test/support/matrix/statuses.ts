import { DEFAULT_ORDER_STATUSES } from '@wms/contract/order-lifecycle';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';

/** Seeded statuses get ids in DEFAULT_ORDER_STATUSES order on every fresh test database. */
const seededId = (name: string) => DEFAULT_ORDER_STATUSES.findIndex((s) => s.name === name) + 1;
const VIEWERS = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const ADMINS = ['superAdmin', 'admin'] as const;
const draft = () => seededId('draft');
const pending = () => seededId('Pending');

/** Statuses are global configuration: staff read them; administrators change them (the rules' statuses refuse). */
export const statusesMatrix: MatrixEntry[] = [
  { route: 'GET /api/statuses', request: () => ({ method: 'GET', url: '/api/statuses' }), expect: only(VIEWERS, 200) },
  {
    route: 'GET /api/statuses/modules',
    request: () => ({ method: 'GET', url: '/api/statuses/modules' }),
    expect: only(VIEWERS, 200),
  },
  {
    route: 'GET /api/statuses/:id',
    request: () => ({ method: 'GET', url: `/api/statuses/${draft()}` }),
    expect: only(VIEWERS, 200),
  },
  {
    route: 'POST /api/statuses',
    request: () => ({ method: 'POST', url: '/api/statuses', payload: { name: '' } }),
    expect: only(ADMINS, 422),
  },
  {
    route: 'PUT /api/statuses/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/statuses/${draft()}`,
      payload: { name: 'draft', color: '#6B7280', sort_order: 0, modules: ['orders'] },
    }),
    expect: only(ADMINS, 200),
  },
  {
    route: 'POST /api/statuses/:id/toggle-active',
    request: () => ({ method: 'POST', url: `/api/statuses/${pending()}/toggle-active` }),
    expect: only(ADMINS, 409),
  },
  {
    route: 'POST /api/statuses/:id/assign-modules',
    request: () => ({
      method: 'POST',
      url: `/api/statuses/${draft()}/assign-modules`,
      payload: { modules: ['orders'] },
    }),
    expect: only(ADMINS, 200),
  },
  {
    route: 'DELETE /api/statuses/:id',
    request: () => ({ method: 'DELETE', url: `/api/statuses/${pending()}` }),
    expect: only(ADMINS, 409),
  },
];
