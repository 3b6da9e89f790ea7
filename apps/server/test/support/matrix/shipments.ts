import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { isRefused, only, signedIn } from '../authorization-matrix';
import { createProduct } from '../catalogue';
import type { TestContext } from '../test-app';
import type { World } from '../world';

const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;

/**
 * REAL shipments of the Alpha client the matrix acts on (seeded by `seedShipmentMatrixRows` before the matrix
 * runs), so the neighbour client, Beta's client and Beta's manager meet someone else's existing id and must get 404.
 * Writes leave the rows as they were: PUT repeats the current values; verify and reject meet a verified shipment
 * (409 once scope and role pass). DELETE succeeds for staff, so each call takes its own verified shipment.
 */
const rows = { productId: 0, pending: 0, verified: 0, deletable: [] as number[] };
const PENDING_FIELDS = {
  quantity: 4,
  tracking_number: 'MTX-1',
  carrier: 'UPS',
  delivery_date: '2026-12-01',
  notes: null,
};

export async function seedShipmentMatrixRows(ctx: TestContext): Promise<void> {
  const { accounts, warehouses } = ctx.world;
  const product = await createProduct(ctx, accounts.clientActive, { name: 'Matrix crate' });
  const announce = async () => {
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: accounts.clientActive,
        warehouse_id: warehouses.alpha,
        product_id: product.id,
        ...PENDING_FIELDS,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const verified = async () => {
    const id = await announce();
    const res = await ctx.as('manager', { method: 'POST', url: `/api/shipments/${id}/verify`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  rows.productId = product.id;
  rows.pending = await announce();
  rows.verified = await verified();
  rows.deletable = [];
  for (let i = 0; i < 10; i++) rows.deletable.push(await verified());
}

/** Reachable by admins, Alpha's manager and the owning client; someone else's real id for the others. */
const alphaClientRow = (ok: number, clientStatus = ok) => ({
  ...signedIn(ok),
  client: clientStatus,
  otherManager: 404,
  otherClient: 404,
  neighbourClient: 404,
});

export const shipmentsMatrix: MatrixEntry[] = [
  { route: 'GET /api/shipments', request: () => ({ method: 'GET', url: '/api/shipments' }), expect: signedIn(200) },
  {
    route: 'GET /api/shipments/statistics',
    request: () => ({ method: 'GET', url: '/api/shipments/statistics' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/shipments/:id',
    request: () => ({ method: 'GET', url: `/api/shipments/${rows.pending}` }),
    expect: alphaClientRow(200),
  },
  {
    route: 'POST /api/shipments',
    // The Alpha client's real account, warehouse and product: other tenants' references are invalid (422).
    request: (world: World) => ({
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: world.accounts.clientActive,
        warehouse_id: world.warehouses.alpha,
        product_id: rows.productId,
        ...PENDING_FIELDS,
      },
    }),
    expect: { ...signedIn(201), otherManager: 422, otherClient: 422, neighbourClient: 422 },
  },
  {
    route: 'PUT /api/shipments/:id',
    // Refused callers send a new quantity (see isRefused).
    request: (_world, caller) => ({
      method: 'PUT',
      url: `/api/shipments/${rows.pending}`,
      payload: isRefused(alphaClientRow(200), caller) ? { ...PENDING_FIELDS, quantity: 99 } : PENDING_FIELDS,
    }),
    expect: alphaClientRow(200),
  },
  {
    route: 'DELETE /api/shipments/:id',
    // Staff delete even a verified shipment (each caller its own); its creator may not any more (409).
    request: () => ({ method: 'DELETE', url: `/api/shipments/${rows.deletable.shift() ?? 0}` }),
    expect: alphaClientRow(200, 409),
  },
  {
    route: 'POST /api/shipments/:id/verify',
    request: () => ({ method: 'POST', url: `/api/shipments/${rows.verified}/verify`, payload: {} }),
    expect: only(STAFF, 409, { otherManager: 404 }),
  },
  {
    route: 'GET /api/shipments/:id/putaway-suggestions',
    // Staff who verify read where to put the units away; another warehouse's manager finds no such shipment.
    request: () => ({ method: 'GET', url: `/api/shipments/${rows.pending}/putaway-suggestions` }),
    expect: only(STAFF, 200, { otherManager: 404 }),
  },
  {
    route: 'POST /api/shipments/:id/reject',
    request: () => ({
      method: 'POST',
      url: `/api/shipments/${rows.verified}/reject`,
      payload: { rejection_reason: 'Matrix check' },
    }),
    expect: only(STAFF, 409, { otherManager: 404 }),
  },
];
