import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembledKit, balanceOf, createWorkOrder } from './support/kit-work-orders';
import { assertStockInvariants } from './support/stock-invariants';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import { newLocation, placeUnits } from './support/waves';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the last components (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'two work orders at once for the last kit’s components: one gets them, the other is refused, nothing negative',
    async () => {
      const alpha = ctx.world.warehouses.alpha;
      // Exactly one kit's worth: 1 × A and 2 × B.
      const kit = await assembledKit(ctx, ctx.world.accounts.clientActive, alpha, [1, 2]);
      const bin = await newLocation(ctx, alpha, { type: 'pick' });
      await placeUnits(ctx, kit.components[0]!.inventoryId, bin.id, 1);
      await placeUnits(ctx, kit.components[1]!.inventoryId, bin.id, 2);
      const payload = { kit_product_id: kit.kitId, warehouse_id: alpha, quantity: 1 };
      const responses = await Promise.all(
        (['manager', 'admin'] as const).map((actor) => createWorkOrder(ctx, actor, payload)),
      );
      expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join(' ')).toEqual([201, 422]);
      const won = responses.find((r) => r.statusCode === 201)!;
      const done = await ctx.as('admin', {
        method: 'POST',
        url: `/api/kit-work-orders/${won.json().data.id}/complete`,
      });
      expect(done.statusCode, done.body).toBe(200);
      for (const c of kit.components) expect(await balanceOf(ctx, c.inventoryId)).toEqual({ onHand: 0, reserved: 0 });
      await assertStockInvariants(ctx.handle.db);
    },
  );

  it.skipIf(!isRealPostgres())('two completions of one order at once: built once', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const kit = await assembledKit(ctx, ctx.world.accounts.clientActive, alpha, [3]);
    const bin = await newLocation(ctx, alpha, { type: 'pick' });
    await placeUnits(ctx, kit.components[0]!.inventoryId, bin.id, 9);
    const created = await createWorkOrder(ctx, 'admin', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha,
      quantity: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/kit-work-orders/${created.json().data.id}/complete`;
    const responses = await Promise.all(
      (['manager', 'admin'] as const).map((actor) => ctx.as(actor, { method: 'POST', url })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(ctx, kit.components[0]!.inventoryId)).toEqual({ onHand: 0, reserved: 0 });
    await assertStockInvariants(ctx.handle.db);
  });
});
