import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import { createOrder } from '../orders';
import type { TestContext } from '../test-app';
import { emptyStock, newLocation, placeUnits } from '../waves';

/**
 * A REAL cancelled wave of warehouse Alpha (seeded by `seedWaveMatrixRows`), so every write answers the same to every
 * caller allowed (409 or 422) and leaves the world as it was; Beta's manager meets the real ids and gets 404; clients
 * hold no picking permission (403).
 */
const rows = { cancelled: 0, order: 0, shipper: 0, location: 0 };

export async function seedWaveMatrixRows(ctx: TestContext): Promise<void> {
  const alpha = ctx.world.warehouses.alpha;
  const account = ctx.world.accounts.clientActive;
  const stock = await emptyStock(ctx, account, alpha);
  const pick = await newLocation(ctx, alpha, { type: 'pick', code: 'MTXW-01' });
  await placeUnits(ctx, stock.inventoryId, pick.id, 5);
  rows.location = pick.id;
  const order = await createOrder(ctx, {
    accountId: account,
    warehouseId: alpha,
    lines: [{ productId: stock.productId, quantity: 1 }],
  });
  const released = await ctx.as('admin', {
    method: 'POST',
    url: '/api/waves',
    payload: { warehouse_id: alpha, order_ids: [order.id] },
  });
  expect(released.statusCode, released.body).toBe(201);
  rows.cancelled = released.json().data.id;
  rows.order = order.id;
  const cancelled = await ctx.as('admin', { method: 'POST', url: `/api/waves/${rows.cancelled}/cancel` });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const shipper = await ctx.as('admin', {
    method: 'POST',
    url: '/api/shippers',
    payload: { name: 'Matrix Wave Carrier', code: 'MTXW' },
  });
  expect(shipper.statusCode, shipper.body).toBe(201);
  rows.shipper = shipper.json().shipper.id;
}

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const alphaRow = (ok: number) => only(staff, ok, { otherManager: 404 });

export const wavesMatrix: MatrixEntry[] = [
  { route: 'GET /api/waves', request: () => ({ method: 'GET', url: '/api/waves' }), expect: only(staff, 200) },
  {
    route: 'GET /api/waves/summary',
    request: (w) => ({ method: 'GET', url: `/api/waves/summary?warehouse_id=${w.warehouses.alpha}` }),
    expect: alphaRow(200),
  },
  {
    route: 'GET /api/waves/preview',
    request: (w) => ({ method: 'GET', url: `/api/waves/preview?warehouse_id=${w.warehouses.alpha}` }),
    expect: alphaRow(200),
  },
  {
    // An order that is not Alpha's: 422 once permission and scope pass.
    route: 'POST /api/waves',
    request: (w) => ({
      method: 'POST',
      url: '/api/waves',
      payload: { warehouse_id: w.warehouses.alpha, order_ids: [2147483000] },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'GET /api/waves/:id',
    request: () => ({ method: 'GET', url: `/api/waves/${rows.cancelled}` }),
    expect: alphaRow(200),
  },
  {
    route: 'POST /api/waves/:id/cancel',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/cancel` }),
    expect: alphaRow(409),
  },
  {
    // The cancelled wave's order is no longer in it: 404 for every caller the permission lets through.
    route: 'POST /api/waves/:id/orders/:orderId/remove',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/orders/${rows.order}/remove` }),
    expect: only(staff, 404),
  },
  {
    route: 'GET /api/shippers/:id/cutoffs',
    request: () => ({ method: 'GET', url: `/api/shippers/${rows.shipper}/cutoffs` }),
    expect: only(staff, 200),
  },
  {
    // Beta is outside Alpha's manager's scope and inside everyone else's: an invalid time keeps it a 422 for all.
    route: 'PUT /api/shippers/:id/cutoffs',
    request: (w) => ({
      method: 'PUT',
      url: `/api/shippers/${rows.shipper}/cutoffs`,
      payload: { cutoffs: [{ warehouse_id: w.warehouses.alpha, cutoff_time: '25:00' }] },
    }),
    expect: only(staff, 422),
  },
  // Picking on the cancelled wave: closed (409) for Alpha's staff, 404 beyond; invalid bodies are 422 for everyone
  // the permission lets through. No wave of Alpha is released, so "get work" finds none (404).
  {
    route: 'GET /api/waves/:id/pick-list',
    request: () => ({ method: 'GET', url: `/api/waves/${rows.cancelled}/pick-list` }),
    expect: alphaRow(200),
  },
  {
    route: 'POST /api/waves/assign-next',
    request: (w) => ({ method: 'POST', url: '/api/waves/assign-next', payload: { warehouse_id: w.warehouses.alpha } }),
    expect: only(staff, 404),
  },
  {
    route: 'POST /api/waves/:id/assign',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/assign`, payload: {} }),
    expect: alphaRow(409),
  },
  {
    route: 'POST /api/waves/:id/totes',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/totes`, payload: {} }),
    expect: only(staff, 422),
  },
  {
    route: 'POST /api/waves/:id/tasks/:taskId/pick',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/tasks/2147483000/pick`, payload: {} }),
    expect: only(staff, 422),
  },
  {
    route: 'POST /api/waves/:id/tasks/:taskId/short',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/tasks/2147483000/short`, payload: {} }),
    expect: only(staff, 422),
  },
  {
    route: 'POST /api/waves/:id/tasks/:taskId/put-back',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/tasks/2147483000/put-back`, payload: {} }),
    expect: only(staff, 422),
  },
  {
    route: 'POST /api/waves/:id/tasks/:taskId/skip',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.cancelled}/tasks/2147483000/skip`, payload: {} }),
    expect: alphaRow(409),
  },
  {
    route: 'POST /api/waves/:id/tasks/:taskId/empty-check',
    request: () => ({
      method: 'POST',
      url: `/api/waves/${rows.cancelled}/tasks/2147483000/empty-check`,
      payload: {},
    }),
    expect: only(staff, 422),
  },
  {
    route: 'GET /api/locations/hospital',
    request: (w) => ({ method: 'GET', url: `/api/locations/hospital?warehouse_id=${w.warehouses.alpha}` }),
    expect: only(staff, 200),
  },
  {
    route: 'GET /api/locations/:id/hospital',
    request: () => ({ method: 'GET', url: `/api/locations/${rows.location}/hospital` }),
    expect: alphaRow(200),
  },
  {
    // The bin is not in hospital: nothing to clear.
    route: 'POST /api/locations/:id/hospital',
    request: () => ({ method: 'POST', url: `/api/locations/${rows.location}/hospital`, payload: { action: 'clear' } }),
    expect: alphaRow(409),
  },
];
