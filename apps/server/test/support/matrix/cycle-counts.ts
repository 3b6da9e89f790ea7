import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import type { TestContext } from '../test-app';

/**
 * REAL cycle counts of warehouse Alpha (seeded by `seedCycleCountMatrixRows`): an open one and a cancelled one, so
 * every write answers the same to every caller allowed (a state conflict, 409, or a field error, 422) and leaves
 * the world as it was; Beta's manager meets the real ids and gets 404; clients hold no count permission (403).
 */
const rows = { open: 0, cancelled: 0, location: 0 };

export async function seedCycleCountMatrixRows(ctx: TestContext): Promise<void> {
  const alpha = ctx.world.warehouses.alpha;
  const bin = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${alpha}/locations`,
    payload: { code: 'MTXC-01', zone: 'MTXC' },
  });
  expect(bin.statusCode, bin.body).toBe(201);
  rows.location = bin.json().location.id;
  const create = async () => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/cycle-counts',
      payload: { warehouse_id: alpha, scope: 'zone', zone: 'MTXC' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  rows.open = await create();
  rows.cancelled = await create();
  const cancel = await ctx.as('admin', { method: 'POST', url: `/api/cycle-counts/${rows.cancelled}/cancel` });
  expect(cancel.statusCode, cancel.body).toBe(200);
}

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
/** Staff with the permission; Beta's manager meets Alpha's real id: 404. */
const alphaRow = (ok: number) => only(staff, ok, { otherManager: 404 });

export const cycleCountsMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/cycle-counts',
    request: () => ({ method: 'GET', url: '/api/cycle-counts' }),
    expect: only(staff, 200),
  },
  {
    route: 'GET /api/cycle-counts/accuracy',
    request: () => ({ method: 'GET', url: '/api/cycle-counts/accuracy' }),
    expect: only(staff, 200),
  },
  {
    route: 'POST /api/cycle-counts',
    request: (w) => ({
      method: 'POST',
      url: '/api/cycle-counts',
      payload: { warehouse_id: w.warehouses.alpha, scope: 'zone', zone: 'MTXC' },
    }),
    expect: alphaRow(201),
  },
  {
    route: 'GET /api/cycle-counts/:id',
    request: () => ({ method: 'GET', url: `/api/cycle-counts/${rows.open}` }),
    expect: alphaRow(200),
  },
  {
    // A location the count does not take: 422 once permission and scope pass.
    route: 'POST /api/cycle-counts/:id/lines',
    request: () => ({
      method: 'POST',
      url: `/api/cycle-counts/${rows.open}/lines`,
      payload: { location_code: 'NOT-IN-COUNT', code: 'ANY', quantity: 1 },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/cycle-counts/:id/submit',
    request: () => ({ method: 'POST', url: `/api/cycle-counts/${rows.cancelled}/submit` }),
    expect: alphaRow(409),
  },
  {
    route: 'POST /api/cycle-counts/:id/recount',
    request: () => ({ method: 'POST', url: `/api/cycle-counts/${rows.open}/recount`, payload: { line_ids: [1] } }),
    expect: alphaRow(409),
  },
  {
    route: 'POST /api/cycle-counts/:id/approve',
    request: () => ({ method: 'POST', url: `/api/cycle-counts/${rows.open}/approve` }),
    expect: alphaRow(409),
  },
  {
    route: 'POST /api/cycle-counts/:id/cancel',
    request: () => ({ method: 'POST', url: `/api/cycle-counts/${rows.cancelled}/cancel` }),
    expect: alphaRow(409),
  },
  {
    route: 'GET /api/locations/:id/counts',
    request: () => ({ method: 'GET', url: `/api/locations/${rows.location}/counts` }),
    expect: alphaRow(200),
  },
];
