import { everyone, type MatrixEntry, only, signedIn } from '../authorization-matrix';

/**
 * Users, profile, roles, accounts, warehouses and shippers. Requests use real ids from the world so that callers
 * outside the row's scope get 404, with payloads that leave the row as it was (invalid, refused with 409, or the
 * current values), so that no call changes the world for the next one.
 */
const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const admins = ['superAdmin', 'admin'] as const;
/** A row in Beta (or of its client): Alpha's manager and client must not see it. */
const betaRow = {
  anonymous: 401,
  superAdmin: 200,
  admin: 200,
  manager: 404,
  otherManager: 200,
  client: 404,
  otherClient: 200,
  neighbourClient: 404,
};
/** A user in Alpha, readable by staff who may view users and reach Alpha. */
const alphaUser = {
  anonymous: 401,
  superAdmin: 200,
  admin: 200,
  manager: 200,
  otherManager: 404,
  client: 403,
  otherClient: 403,
  neighbourClient: 403,
};

export const masterDataMatrix: MatrixEntry[] = [
  // Users
  { route: 'GET /api/users', request: () => ({ method: 'GET', url: '/api/users' }), expect: only(staff, 200) },
  {
    route: 'GET /api/users/warehouse-assignment',
    request: () => ({ method: 'GET', url: '/api/users/warehouse-assignment' }),
    expect: only(staff, 200),
  },
  {
    route: 'GET /api/users/:id',
    request: (w) => ({ method: 'GET', url: `/api/users/${w.users.client.id}` }),
    expect: alphaUser,
  },
  {
    route: 'GET /api/users/:id/warehouses',
    request: (w) => ({ method: 'GET', url: `/api/users/${w.users.client.id}/warehouses` }),
    expect: alphaUser,
  },
  {
    route: 'GET /api/users/:id/warehouse-assignments',
    request: (w) => ({ method: 'GET', url: `/api/users/${w.users.client.id}/warehouse-assignments` }),
    expect: alphaUser,
  },
  {
    route: 'POST /api/users',
    request: () => ({ method: 'POST', url: '/api/users', payload: {} }),
    expect: only(admins, 422),
  },
  {
    route: 'PUT /api/users/:id',
    request: (w) => ({ method: 'PUT', url: `/api/users/${w.users.client.id}`, payload: {} }),
    expect: only(admins, 422),
  },
  {
    // The client owns accounts, so even those allowed to delete users are refused with 409.
    route: 'DELETE /api/users/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/users/${w.users.client.id}` }),
    expect: only(admins, 409),
  },

  // Own profile, password and avatar
  {
    route: 'PUT /api/users',
    request: () => ({ method: 'PUT', url: '/api/users', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'POST /api/changePassword',
    request: () => ({ method: 'POST', url: '/api/changePassword', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'POST /api/uploadImage',
    request: () => ({ method: 'POST', url: '/api/uploadImage', payload: {} }),
    expect: signedIn(422),
  },
  {
    route: 'GET /api/files/:id',
    request: () => ({ method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000' }),
    expect: everyone(404),
  },

  // Roles
  { route: 'GET /api/roles', request: () => ({ method: 'GET', url: '/api/roles' }), expect: only(admins, 200) },
  {
    // The super-admin role keeps every permission: refused with 422, nothing changes.
    route: 'PUT /api/roles/:id/permissions',
    request: (w) => ({
      method: 'PUT',
      url: `/api/roles/${w.rows.superAdminRole}/permissions`,
      payload: { permissions: [] },
    }),
    expect: only(['superAdmin'], 422),
  },

  // Accounts
  {
    route: 'GET /api/accounts/:id',
    request: (w) => ({ method: 'GET', url: `/api/accounts/${w.accounts.otherClient}` }),
    expect: betaRow,
  },
  {
    route: 'POST /api/accounts',
    request: () => ({ method: 'POST', url: '/api/accounts', payload: {} }),
    expect: only([...admins, 'client', 'otherClient', 'neighbourClient'], 422),
  },
  {
    route: 'PUT /api/accounts/:id',
    request: (w) => ({ method: 'PUT', url: `/api/accounts/${w.accounts.otherClient}`, payload: {} }),
    expect: only([...admins, 'client', 'otherClient', 'neighbourClient'], 422, { client: 404, neighbourClient: 404 }),
  },
  {
    // Clients hold `edit accounts` but never change a status.
    route: 'PUT /api/accounts/:id/status',
    request: (w) => ({ method: 'PUT', url: `/api/accounts/${w.accounts.otherClient}/status`, payload: {} }),
    expect: only(admins, 422),
  },
  {
    route: 'GET /api/accounts/:id/holdings',
    request: (w) => ({ method: 'GET', url: `/api/accounts/${w.accounts.clientActive}/holdings` }),
    expect: only(admins, 200),
  },
  {
    // The Alpha client's account owns products: refused with 409 after the scope check.
    route: 'DELETE /api/accounts/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/accounts/${w.accounts.clientActive}` }),
    expect: only(admins, 409),
  },

  // Warehouses
  {
    route: 'GET /api/warehouses/:id',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.beta}` }),
    expect: betaRow,
  },
  {
    route: 'GET /api/warehouses/:id/statistics',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.beta}/statistics` }),
    expect: betaRow,
  },
  {
    route: 'POST /api/warehouses',
    request: () => ({ method: 'POST', url: '/api/warehouses', payload: {} }),
    expect: only(admins, 422),
  },
  {
    route: 'PUT /api/warehouses/:id',
    request: (w) => ({ method: 'PUT', url: `/api/warehouses/${w.warehouses.beta}`, payload: {} }),
    expect: only(admins, 422),
  },
  {
    // Alpha has accounts and users: refused with 409 even for those allowed to delete warehouses.
    route: 'DELETE /api/warehouses/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/warehouses/${w.warehouses.alpha}` }),
    expect: only(admins, 409),
  },
  {
    route: 'POST /api/warehouses/:id/assign-users',
    request: (w) => ({ method: 'POST', url: `/api/warehouses/${w.warehouses.beta}/assign-users`, payload: {} }),
    expect: only(admins, 422),
  },
  {
    route: 'POST /api/warehouses/:id/remove-user',
    request: (w) => ({ method: 'POST', url: `/api/warehouses/${w.warehouses.beta}/remove-user`, payload: {} }),
    expect: only(admins, 422),
  },

  {
    route: 'GET /api/accountByWarehouseId',
    request: (world) => ({ method: 'GET', url: `/api/accountByWarehouseId?wId=${world.warehouses.alpha}` }),
    expect: signedIn(200),
  },

  // Shippers: every route needs its shippers permission; only administrators write them (managers
  // hold the shipments permissions, and a shipper is shared by every warehouse).
  { route: 'GET /api/shippers', request: () => ({ method: 'GET', url: '/api/shippers' }), expect: signedIn(200) },
  {
    route: 'GET /api/shippers/:id',
    request: (w) => ({ method: 'GET', url: `/api/shippers/${w.rows.shipper.id}` }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/shippers',
    request: () => ({ method: 'POST', url: '/api/shippers', payload: {} }),
    expect: only(admins, 422),
  },
  {
    // Its current values: saved unchanged.
    route: 'PUT /api/shippers/:id',
    request: (w) => ({
      method: 'PUT',
      url: `/api/shippers/${w.rows.shipper.id}`,
      payload: { name: w.rows.shipper.name, code: w.rows.shipper.code, is_active: true },
    }),
    expect: only(admins, 200),
  },
  {
    // Shippers are global (no scope to prove); each caller gets a real unused shipper of their own, so the denied
    // are refused on an existing row and the allowed really delete theirs.
    route: 'DELETE /api/shippers/:id',
    request: (w, caller) => ({ method: 'DELETE', url: `/api/shippers/${w.rows.shipperToDelete[caller]}` }),
    expect: only(admins, 200),
  },
];
