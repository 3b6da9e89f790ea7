import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import { assembledKit, createWorkOrderOk } from '../kit-work-orders';
import type { TestContext } from '../test-app';
import { newLocation, placeUnits } from '../waves';

/**
 * A REAL cancelled kit work order of warehouse Alpha (seeded by `seedKitWorkOrderMatrixRows`), so every write
 * answers the same to every caller allowed (complete: 409; cancel: the cancelled order unchanged; create: 422, the
 * kit's component is short) and leaves the world as it was; Beta's manager meets the real ids and gets 404; clients
 * hold no `assemble kits` (403).
 */
const rows = { order: 0, kit: 0 };

export async function seedKitWorkOrderMatrixRows(ctx: TestContext): Promise<void> {
  const alpha = ctx.world.warehouses.alpha;
  const kit = await assembledKit(ctx, ctx.world.accounts.clientActive, alpha, [1]);
  const bin = await newLocation(ctx, alpha, { type: 'pick', code: 'MTXK-P1' });
  await placeUnits(ctx, kit.components[0]!.inventoryId, bin.id, 2);
  const order = await createWorkOrderOk(ctx, 'admin', { kit_product_id: kit.kitId, warehouse_id: alpha, quantity: 1 });
  const cancelled = await ctx.as('admin', { method: 'POST', url: `/api/kit-work-orders/${order.id}/cancel` });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  rows.order = order.id;
  rows.kit = kit.kitId;
}

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
/** Staff with the permission; Beta's manager meets Alpha's real id: 404. */
const alphaRow = (ok: number) => only(staff, ok, { otherManager: 404 });

export const kitWorkOrdersMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/kit-work-orders',
    request: () => ({ method: 'GET', url: '/api/kit-work-orders' }),
    expect: only(staff, 200),
  },
  {
    // More kits than the component's 2 units make: 422 once permission and scope pass.
    route: 'POST /api/kit-work-orders',
    request: (w) => ({
      method: 'POST',
      url: '/api/kit-work-orders',
      payload: { kit_product_id: rows.kit, warehouse_id: w.warehouses.alpha, quantity: 3 },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'GET /api/kit-work-orders/:id',
    request: () => ({ method: 'GET', url: `/api/kit-work-orders/${rows.order}` }),
    expect: alphaRow(200),
  },
  {
    route: 'POST /api/kit-work-orders/:id/complete',
    request: () => ({ method: 'POST', url: `/api/kit-work-orders/${rows.order}/complete` }),
    expect: alphaRow(409),
  },
  {
    // Cancelling a cancelled order answers it unchanged.
    route: 'POST /api/kit-work-orders/:id/cancel',
    request: () => ({ method: 'POST', url: `/api/kit-work-orders/${rows.order}/cancel` }),
    expect: alphaRow(200),
  },
];
