import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import { multipart } from '../multipart';
import type { TestContext } from '../test-app';
import { emptyStock, newLocation, placeUnits } from '../waves';

/**
 * A REAL cancelled replenishment task of warehouse Alpha and its inventory row (seeded by
 * `seedReplenishmentMatrixRows`; the row's pick face removed again), so every task write answers the same to every
 * caller allowed (409) and leaves the world as it was; Beta's manager meets the real ids and gets 404; clients hold
 * no replenishment permission (403).
 */
const rows = { task: 0, inventory: 0, storage: 0 };

export async function seedReplenishmentMatrixRows(ctx: TestContext): Promise<void> {
  const alpha = ctx.world.warehouses.alpha;
  const stock = await emptyStock(ctx, ctx.world.accounts.clientActive, alpha);
  const pick = await newLocation(ctx, alpha, { type: 'pick', code: 'MTXR-P1' });
  const storage = await newLocation(ctx, alpha, { type: 'storage', code: 'MTXR-S1' });
  await placeUnits(ctx, stock.inventoryId, storage.id, 50);
  const url = `/api/inventories/${stock.inventoryId}/pick-faces`;
  const face = await ctx.as('admin', {
    method: 'PUT',
    url,
    payload: { pick_faces: [{ location_id: pick.id, min: 5, max: 10, increment: 5 }] },
  });
  expect(face.statusCode, face.body).toBe(200);
  const created = await ctx.as('admin', {
    method: 'POST',
    url: '/api/replenishment-tasks',
    payload: { warehouse_id: alpha },
  });
  expect(created.statusCode, created.body).toBe(201);
  rows.task = created.json().data[0].id;
  const cancelled = await ctx.as('admin', { method: 'POST', url: `/api/replenishment-tasks/${rows.task}/cancel` });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const removed = await ctx.as('admin', { method: 'PUT', url, payload: { pick_faces: [] } });
  expect(removed.statusCode, removed.body).toBe(200);
  rows.inventory = stock.inventoryId;
  rows.storage = storage.id;
}

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
/** Staff with the permission; Beta's manager meets Alpha's real id: 404. */
const alphaRow = (ok: number) => only(staff, ok, { otherManager: 404 });

const taskWrite = (action: string, payload?: Record<string, unknown>): MatrixEntry => ({
  route: `POST /api/replenishment-tasks/:id/${action}`,
  request: () => ({
    method: 'POST',
    url: `/api/replenishment-tasks/${rows.task}/${action}`,
    ...(payload ? { payload } : {}),
  }),
  // The task is cancelled: a state conflict for everyone allowed.
  expect: alphaRow(409),
});

export const replenishmentMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/inventories/:id/pick-faces',
    request: () => ({ method: 'GET', url: `/api/inventories/${rows.inventory}/pick-faces` }),
    expect: alphaRow(200),
  },
  {
    // A storage location is no pick face: 422 once permission and scope pass.
    route: 'PUT /api/inventories/:id/pick-faces',
    request: () => ({
      method: 'PUT',
      url: `/api/inventories/${rows.inventory}/pick-faces`,
      payload: { pick_faces: [{ location_id: rows.storage, min: 1, max: 2, increment: 1 }] },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'GET /api/warehouses/:id/pick-faces',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/pick-faces` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/warehouses/:id/replenishment',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/replenishment` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/replenishment-tasks',
    request: () => ({ method: 'GET', url: '/api/replenishment-tasks' }),
    expect: only(staff, 200),
  },
  {
    // Alpha has no pick face left: nothing to create (201 with no task) for everyone allowed.
    route: 'POST /api/replenishment-tasks',
    request: (w) => ({
      method: 'POST',
      url: '/api/replenishment-tasks',
      payload: { warehouse_id: w.warehouses.alpha },
    }),
    expect: alphaRow(201),
  },
  {
    route: 'GET /api/warehouses/:id/pick-faces/export',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/pick-faces/export` }),
    expect: alphaRow(200),
  },
  {
    // No file: 422 once permission and scope pass.
    route: 'POST /api/warehouses/:id/pick-faces/import',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/pick-faces/import`,
      ...multipart({}),
    }),
    expect: alphaRow(422),
  },
  {
    // Beta's manager names Alpha: 404; without a warehouse each staff member counts their own.
    route: 'GET /api/replenishment/summary',
    request: (w) => ({ method: 'GET', url: `/api/replenishment/summary?warehouse_id=${w.warehouses.alpha}` }),
    expect: alphaRow(200),
  },
  taskWrite('start'),
  taskWrite('complete', { quantity: 1, source_code: 'MTXR-S1', target_code: 'MTXR-P1' }),
  taskWrite('short'),
  taskWrite('cancel'),
];
