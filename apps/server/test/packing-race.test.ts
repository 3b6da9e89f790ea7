import { hasValidCheckDigit } from '@wms/contract/gs1';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, stockedProduct } from './support/orders';
import { closeCarton, packView, pickedOrder, scan, setPrefix, ship, shipRows } from './support/packing';
import { onCarts, rowsOf } from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

describe('packing races (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'two stations scanning the same order at once never verify more than was picked',
    async () => {
      for (let round = 0; round < 3; round++) {
        const w = await pickedOrder(ctx, { units: 10, quantity: 3 });
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) => scan(ctx, w.order.id, w.stock.sku, i % 2 === 0 ? 'manager' : 'admin')),
        );
        const codes = answers.map((r) => r.statusCode).sort();
        expect(codes, answers.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 422, 422, 422]);
        const view = await packView(ctx, w.order.id);
        expect(view.items[0]).toMatchObject({ verified: 3, packed: 3 });
        // One carton: the first scan opened it, the others found it under the order's lock.
        expect(view.cartons).toHaveLength(1);
        expect(view.cartons[0].items[0].quantity).toBe(3);
      }
    },
    120_000,
  );

  it.skipIf(!isRealPostgres())(
    'Ship sent twice at once ships once',
    async () => {
      for (let round = 0; round < 3; round++) {
        const w = await pickedOrder(ctx, { units: 10, quantity: 2 });
        for (let i = 0; i < 2; i++) await scan(ctx, w.order.id, w.stock.sku);
        expect((await closeCarton(ctx, w.order.id, (await packView(ctx, w.order.id)).cartons[0].id)).statusCode).toBe(
          200,
        );
        const answers = await Promise.all([ship(ctx, w.order.id, {}, 'manager'), ship(ctx, w.order.id, {}, 'admin')]);
        expect(
          answers.map((r) => r.statusCode),
          answers.map((r) => r.body).join('\n'),
        ).toEqual([200, 200]);
        expect(answers.map((r) => r.json().message).sort()).toEqual(
          [`${w.order.orderNumber} has already shipped.`, `${w.order.orderNumber} shipped.`].sort(),
        );
        expect(await shipRows(ctx, w.order.id)).toEqual([{ location: 'CARTS', lotId: null, units: 2 }]);
        expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
      }
    },
    120_000,
  );

  it.skipIf(!isRealPostgres())(
    '20 concurrent carton closes get 20 distinct, consecutive SSCCs',
    async () => {
      const alpha = ctx.world.warehouses.alpha;
      const account = ctx.world.accounts.clientActive;
      const stock = await stockedProduct(ctx, account, alpha, 20);
      const cartons: { orderId: number; cartonId: number }[] = [];
      for (let i = 0; i < 20; i++) {
        const order = await createOrder(ctx, {
          accountId: account,
          warehouseId: alpha,
          lines: [{ productId: stock.productId, quantity: 1 }],
        });
        const res = await scan(ctx, order.id, stock.sku);
        expect(res.statusCode, res.body).toBe(200);
        cartons.push({ orderId: order.id, cartonId: res.json().carton_id });
      }
      const answers = await Promise.all(
        cartons.map((c, i) => closeCarton(ctx, c.orderId, c.cartonId, undefined, i % 2 === 0 ? 'manager' : 'admin')),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const rows = await rowsOf(
        ctx,
        sql`select sscc from cartons where id = any(${`{${cartons.map((c) => c.cartonId).join(',')}}`}::int[])`,
      );
      const ssccs = rows.map((r) => String(r.sscc));
      expect(new Set(ssccs).size).toBe(20);
      expect(ssccs.every(hasValidCheckDigit)).toBe(true);
      const serials = ssccs.map((s) => Number(s.slice(8, 17))).sort((a, b) => a - b);
      expect(serials.at(-1)! - serials[0]!).toBe(19);
    },
    120_000,
  );
});
