import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from './support/memory-storage';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import {
  expectLedgerMatchesQuantities,
  inventoryOf,
  movementsOf,
  orderWithStock,
  verifyAllItems,
} from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
});
afterAll(() => ctx.close());

const ship = (id: number, status = 'shipped') =>
  ctx.as('manager', { method: 'POST', url: `/api/orders/${id}/status`, payload: { status } });

// PGlite has one connection and cannot race: these run on real PostgreSQL (DESIGN §6).
describe.skipIf(!isRealPostgres())('order status changes under concurrency', () => {
  it('deducts once when the same order is shipped by 8 requests at the same time', async () => {
    const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, {
      onHand: 10,
      quantity: 4,
    });
    await verifyAllItems(ctx, order.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ship(order.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 6, reserved: 0 });
    expect(await movementsOf(ctx, order.id, 'ship')).toHaveLength(1);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('ships or cancels, never both, when the two race', async () => {
    const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, {
      onHand: 10,
      quantity: 4,
    });
    await verifyAllItems(ctx, order.id);
    const answers = await Promise.all([ship(order.id), ship(order.id, 'cancelled'), ship(order.id)]);
    const balance = await inventoryOf(ctx, order.inventoryId);
    const shipped = (await movementsOf(ctx, order.id, 'ship')).length;
    if (shipped === 1) expect(balance).toEqual({ onHand: 6, reserved: 0 });
    else expect(balance).toEqual({ onHand: 10, reserved: 0 });
    expect(answers.every((a) => [200, 409, 422].includes(a.statusCode))).toBe(true);
    await expectLedgerMatchesQuantities(ctx);
  });
});

describe('order status changes in sequence', () => {
  it('a repeated ship request deducts nothing more', async () => {
    const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, {
      onHand: 5,
      quantity: 2,
    });
    await verifyAllItems(ctx, order.id);
    for (let i = 0; i < 3; i++) expect((await ship(order.id)).statusCode).toBe(200);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 3, reserved: 0 });
    expect(await movementsOf(ctx, order.id, 'ship')).toHaveLength(1);
    await expectLedgerMatchesQuantities(ctx);
  });
});

describe('dashboard order counters under concurrent writes', () => {
  it('equal a recount of the orders and lines after the races above', async () => {
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });
});
