import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { ledgerSums } from '../src/modules/floor/stock/inventory-repository';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function newInventory(onHand: number, reserved = 0) {
  const product = await createProduct(ctx, ctx.world.accounts.clientActive);
  return (
    await createInventory(ctx, {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand,
      reserved,
    })
  ).id;
}

async function quantities(id: number) {
  const [row] = await ctx.handle.db
    .select({ onHand: inventories.quantityOnHand, reserved: inventories.quantityReserved })
    .from(inventories)
    .where(eq(inventories.id, id));
  return row!;
}

const adjust = (id: number, type: 'on_hand' | 'reserved', change: number) =>
  ctx.as('manager', {
    method: 'POST',
    url: `/api/inventories/${id}/adjust`,
    payload: { type, quantity_change: change },
  });

describe('inventory ledger', () => {
  it('keeps on hand and reserved equal to the ledger sums through create, edit, adjust and refusals', async () => {
    const id = await newInventory(7, 2);
    await ctx.as('admin', {
      method: 'PUT',
      url: `/api/inventories/${id}`,
      payload: { quantity_on_hand: 20, quantity_reserved: 5 },
    });
    await adjust(id, 'on_hand', -3);
    await adjust(id, 'reserved', 4);
    expect((await adjust(id, 'on_hand', -100)).statusCode).toBe(422);
    expect((await adjust(id, 'reserved', 100)).statusCode).toBe(422);
    const current = await quantities(id);
    expect(current).toEqual({ onHand: 17, reserved: 9 });
    const sums = await ledgerSums(ctx.handle.db, id);
    expect(sums).toEqual({ onHand: 17, reserved: 9, movements: 4 });
  });

  it('refuses an edit made from stale figures instead of undoing a movement that happened meanwhile', async () => {
    const id = await newInventory(18);
    // The editor opened the form at 18 on hand; then 5 units were received.
    expect((await adjust(id, 'on_hand', 5)).statusCode).toBe(200);
    const stale = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/inventories/${id}`,
      payload: { quantity_on_hand: 18, quantity_reserved: 0, expected_on_hand: 18, expected_reserved: 0 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This inventory changed since you opened it. Check the current quantities and try again.',
    );
    expect(await quantities(id)).toEqual({ onHand: 23, reserved: 0 });
    const fresh = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/inventories/${id}`,
      payload: { quantity_on_hand: 20, quantity_reserved: 0, expected_on_hand: 23, expected_reserved: 0 },
    });
    expect(fresh.statusCode).toBe(200);
    expect(await quantities(id)).toEqual({ onHand: 20, reserved: 0 });
  });

  it('the database itself refuses negative or over-reserved quantities (CHECK constraints)', async () => {
    const id = await newInventory(1);
    const update = (set: Partial<typeof inventories.$inferInsert>) =>
      ctx.handle.db.update(inventories).set(set).where(eq(inventories.id, id));
    await expect(update({ quantityOnHand: -1 })).rejects.toThrow();
    await expect(update({ quantityReserved: -1 })).rejects.toThrow();
    await expect(update({ quantityReserved: 2 })).rejects.toThrow();
  });

  it('keeps the movements of a deleted row, with a closing movement that zeroes it', async () => {
    const id = await newInventory(6);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/inventories/${id}` })).statusCode).toBe(200);
    const rows = await ctx.handle.db
      .select()
      .from(inventoryMovements)
      .where(sql`${inventoryMovements.id} in (select id from inventory_movements order by id desc limit 2)`)
      .orderBy(inventoryMovements.id);
    expect(rows.map((m) => [m.type, m.onHandDelta, m.onHandAfter, m.inventoryId])).toEqual([
      ['initial', 6, 6, null],
      ['closing', -6, 0, null],
    ]);
  });

  it.skipIf(!isRealPostgres())(
    'loses no update under 60 concurrent adjustments on real PostgreSQL (PGlite has one connection and cannot race)',
    async () => {
      const id = await newInventory(20);
      const changes = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 5 : -4));
      const responses = await Promise.all(changes.map((change) => adjust(id, 'on_hand', change)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
      const applied = changes.filter((_, i) => statuses[i] === 200).reduce((sum, c) => sum + c, 0);
      const refused = statuses.filter((s) => s === 422).length;
      expect(refused).toBeGreaterThan(0);
      const current = await quantities(id);
      expect(current.onHand).toBe(20 + applied);
      expect(current.onHand).toBeGreaterThanOrEqual(0);
      expect(await ledgerSums(ctx.handle.db, id)).toEqual({
        onHand: current.onHand,
        reserved: 0,
        movements: 1 + 60 - refused,
      });

      // Reservations race against on-hand decreases: reserved never exceeds on hand.
      const mixed = await Promise.all(
        Array.from({ length: 40 }, (_, i) => adjust(id, i % 2 ? 'reserved' : 'on_hand', i % 2 ? 2 : -1)),
      );
      expect(mixed.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
      const after = await quantities(id);
      expect(after.reserved).toBeLessThanOrEqual(after.onHand);
      const sums = await ledgerSums(ctx.handle.db, id);
      expect([sums.onHand, sums.reserved]).toEqual([after.onHand, after.reserved]);
    },
  );
});
