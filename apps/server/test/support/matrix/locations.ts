import { expect } from 'vitest';
import type { Caller, MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import { multipart } from '../multipart';
import type { TestContext } from '../test-app';

/**
 * REAL locations of warehouse Alpha (seeded by `seedLocationMatrixRows`): Beta's manager meets an existing id and
 * must get 404; clients hold no locations permission (403). Writes leave the world as it was: PUT repeats the
 * current values, generate previews, labels read; DELETE takes a location of its own per caller.
 */
const rows = { location: 0, target: 0, code: 'MTX-01', deletable: {} as Partial<Record<Caller, number>> };

export async function seedLocationMatrixRows(ctx: TestContext): Promise<void> {
  const create = async (code: string) => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${ctx.world.warehouses.alpha}/locations`,
      payload: { code, zone: 'MTX' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().location.id as number;
  };
  rows.location = await create(rows.code);
  rows.target = await create('MTX-02');
  for (const caller of [
    'anonymous',
    'superAdmin',
    'admin',
    'manager',
    'otherManager',
    'client',
    'otherClient',
    'neighbourClient',
  ] as const) {
    rows.deletable[caller] = await create(`MTX-DEL-${caller}`);
  }
}

const staffOfAlpha = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
/** Staff with the permission; Beta's manager meets Alpha's real id: 404. */
const alphaRow = (ok: number) => only(staffOfAlpha, ok, { otherManager: 404 });

export const locationsMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/warehouses/:id/locations',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/locations` }),
    expect: alphaRow(200),
  },
  {
    // A code Alpha already has: 422 once permission and scope pass (the body is valid, so scope decides first).
    route: 'POST /api/warehouses/:id/locations',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/locations`,
      payload: { code: rows.code, zone: 'MTX' },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/warehouses/:id/locations/generate',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/locations/generate`,
      payload: { zone: 'MTX', aisles: { from: '1', to: '2' }, preview: true },
    }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/locations/:id',
    request: () => ({ method: 'GET', url: `/api/locations/${rows.location}` }),
    expect: alphaRow(200),
  },
  {
    route: 'PUT /api/locations/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/locations/${rows.location}`,
      payload: { code: rows.code, zone: 'MTX', is_active: true },
    }),
    expect: alphaRow(200),
  },
  {
    route: 'DELETE /api/locations/:id',
    request: (_w, caller) => ({ method: 'DELETE', url: `/api/locations/${rows.deletable[caller]}` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/warehouses/:id/locations/export',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/locations/export` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/locations/template',
    request: () => ({ method: 'GET', url: '/api/locations/template' }),
    expect: only(staffOfAlpha, 200),
  },
  {
    // No file: 422 once permission and scope pass.
    route: 'POST /api/warehouses/:id/locations/import',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/locations/import`,
      ...multipart({}),
    }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/locations/labels',
    request: () => ({ method: 'POST', url: '/api/locations/labels', payload: { ids: [rows.location] } }),
    expect: alphaRow(200),
  },
  // Stock per location. The move asks for more than MTX-01 holds (nothing): 409 once scope passes.
  {
    route: 'POST /api/inventories/:id/moves',
    request: (w) => ({
      method: 'POST',
      url: `/api/inventories/${w.rows.inventory.id}/moves`,
      payload: { from_location_id: rows.location, to_location_id: rows.target, quantity: 1 },
    }),
    expect: alphaRow(409),
  },
  {
    route: 'GET /api/inventories/:id/locations',
    request: (w) => ({ method: 'GET', url: `/api/inventories/${w.rows.inventory.id}/locations` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/locations/:id/stock',
    request: () => ({ method: 'GET', url: `/api/locations/${rows.location}/stock` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/warehouses/:id/location-stock',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/location-stock` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/products/:id/locations',
    request: (w) => ({ method: 'GET', url: `/api/products/${w.rows.product.id}/locations` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/orders/:id/pick-locations',
    request: (w) => ({ method: 'GET', url: `/api/orders/${w.rows.orders.pending.id}/pick-locations` }),
    expect: alphaRow(200),
  },
];
