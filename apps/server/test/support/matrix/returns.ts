import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only, signedIn } from '../authorization-matrix';
import { shippedOrder } from '../returns';
import type { TestContext } from '../test-app';

/**
 * A REAL shipped order of the Alpha client (1 unit) and a cancelled return of it (seeded by
 * `seedReturnMatrixRows`), so every write answers the same to every caller allowed (a state conflict, 409, or a
 * field error, 422: more units than the order shipped) and leaves the world as it was; the neighbour client, Beta's
 * client and Beta's manager meet the real ids and get 404; clients hold no `receive returns` (403).
 */
const rows = { orderId: 0, itemId: 0, cancelled: 0, line: 0 };

export async function seedReturnMatrixRows(ctx: TestContext): Promise<void> {
  const order = await shippedOrder(ctx, { quantity: 1 });
  const res = await ctx.as('client', {
    method: 'POST',
    url: '/api/returns',
    payload: { order_id: order.orderId, lines: [{ order_item_id: order.itemId, quantity: 1, reason: 'damaged' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  rows.orderId = order.orderId;
  rows.itemId = order.itemId;
  rows.cancelled = res.json().data.id;
  rows.line = res.json().data.lines[0].id;
  const cancelled = await ctx.as('client', { method: 'POST', url: `/api/returns/${rows.cancelled}/cancel` });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

const STAFF = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
/** Reachable by admins, Alpha's manager and the owning client; someone else's real id for the others. */
const alphaClientRow = (ok: number) => ({
  ...signedIn(ok),
  otherManager: 404,
  otherClient: 404,
  neighbourClient: 404,
});
/** Staff work (receive returns): clients 403, Beta's manager meets Alpha's real id (404). */
const staffRow = (ok: number) => only(STAFF, ok, { otherManager: 404 });

export const returnsMatrix: MatrixEntry[] = [
  { route: 'GET /api/returns', request: () => ({ method: 'GET', url: '/api/returns' }), expect: signedIn(200) },
  {
    // Two units of a line that shipped one: 422 once permission and scope pass.
    route: 'POST /api/returns',
    request: () => ({
      method: 'POST',
      url: '/api/returns',
      payload: { order_id: rows.orderId, lines: [{ order_item_id: rows.itemId, quantity: 2, reason: 'damaged' }] },
    }),
    expect: alphaClientRow(422),
  },
  {
    route: 'GET /api/returns/:id',
    request: () => ({ method: 'GET', url: `/api/returns/${rows.cancelled}` }),
    expect: alphaClientRow(200),
  },
  {
    // No file in the form: 422 once permission and scope pass (nothing stored).
    route: 'POST /api/returns/:id/label',
    request: () => ({ method: 'POST', url: `/api/returns/${rows.cancelled}/label`, payload: {} }),
    expect: alphaClientRow(422),
  },
  {
    // The cancelled return has no label: 404 for everyone (the scope check comes first).
    route: 'GET /api/returns/:id/label',
    request: () => ({ method: 'GET', url: `/api/returns/${rows.cancelled}/label` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/returns/:id/cancel',
    request: () => ({ method: 'POST', url: `/api/returns/${rows.cancelled}/cancel` }),
    expect: alphaClientRow(409),
  },
  {
    route: 'POST /api/returns/:id/in-transit',
    request: () => ({ method: 'POST', url: `/api/returns/${rows.cancelled}/in-transit` }),
    expect: alphaClientRow(409),
  },
  {
    // A product of another account: 422 once permission and scope pass.
    route: 'POST /api/returns/unidentified',
    request: (w) => ({
      method: 'POST',
      url: '/api/returns/unidentified',
      payload: {
        account_id: w.accounts.clientActive,
        warehouse_id: w.warehouses.alpha,
        lines: [{ product_id: 2_000_000_000, quantity: 1, location_id: 1 }],
      },
    }),
    expect: staffRow(422),
  },
  {
    // The return already belongs to an order: 409.
    route: 'POST /api/returns/:id/attach',
    request: () => ({
      method: 'POST',
      url: `/api/returns/${rows.cancelled}/attach`,
      payload: { order_id: rows.orderId },
    }),
    expect: staffRow(409),
  },
  {
    route: 'POST /api/returns/:id/receive',
    request: () => ({
      method: 'POST',
      url: `/api/returns/${rows.cancelled}/receive`,
      payload: { lines: [{ line_id: rows.line, quantity: 1, disposition: 'missing' }] },
    }),
    expect: staffRow(409),
  },
  {
    route: 'POST /api/returns/:id/lines/:lineId/release',
    request: () => ({
      method: 'POST',
      url: `/api/returns/${rows.cancelled}/lines/${rows.line}/release`,
      payload: { quantity: 1, action: 'dispose' },
    }),
    expect: staffRow(409),
  },
];
