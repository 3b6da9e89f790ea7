import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { createOrder, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * GET /orders/with-merge-items?sort=…&direction=…: created (default, newest first), ship date and
 * customer, on the server, across pages, within the caller's scope; a merge item sorts by its listed orders.
 */
let ctx: TestContext;
const ids: Record<string, string> = {};

async function place(name: string, accountId: number, warehouseId: number, customer: string, shipDate: string | null) {
  const stock = await stockedProduct(ctx, accountId, warehouseId, 10);
  const order = await createOrder(ctx, {
    accountId,
    warehouseId,
    customerName: customer,
    lines: [{ productId: stock.productId, quantity: 1 }],
  });
  await ctx.handle.db.update(orders).set({ shipDate }).where(eq(orders.id, order.id));
  ids[name] = `order:${order.id}`;
  return order;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
  const { accounts, warehouses } = ctx.world;
  const mine = accounts.clientActive;
  await place('bravo', mine, warehouses.alpha, 'bravo', '2027-01-05');
  await place('alpha', mine, warehouses.alpha, 'Alpha', '2027-01-01');
  await place('charlie', mine, warehouses.alpha, 'charlie', null);
  const delta = await place('delta', mine, warehouses.alpha, 'delta', '2027-01-03');
  const echo = await place('echo', mine, warehouses.alpha, 'echo', '2027-01-10');
  // Another client's order in the same warehouse: first by every key, so a scope leak would show at the top.
  await place('neighbour', accounts.neighbourActive, warehouses.alpha, 'Aaron', '2026-12-01');
  const merged = await ctx.as('client', {
    method: 'POST',
    url: '/api/merge-items',
    ...multipart({ title: 'Pickup', order_ids: JSON.stringify([delta.id, echo.id]) }),
  });
  expect(merged.statusCode, merged.body).toBe(201);
  ids.merge = `merge_item:${merged.json().data.id}`;
});
afterAll(() => ctx.close());

const rows = async (actor: Actor, query = '') => {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/orders/with-merge-items${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { type: string; id: number }) => `${r.type}:${r.id}`);
};
const named = (...names: string[]) => names.map((name) => ids[name]);

describe('orders list sort', () => {
  it('keeps newest first by default, the same as sort=created_at&direction=desc', async () => {
    const expected = named('merge', 'charlie', 'alpha', 'bravo');
    expect(await rows('client')).toEqual(expected);
    expect(await rows('client', '?sort=created_at&direction=desc')).toEqual(expected);
    expect(await rows('client', '?sort=created_at&direction=asc')).toEqual([...expected].reverse());
  });

  it('sorts by customer, case-insensitive; a merge item by the first customer of its orders', async () => {
    expect(await rows('client', '?sort=customer_name')).toEqual(named('alpha', 'bravo', 'charlie', 'merge'));
    expect(await rows('client', '?sort=customer_name&direction=desc')).toEqual(
      named('merge', 'charlie', 'bravo', 'alpha'),
    );
  });

  it('sorts by ship date, soonest first (empty last); a merge item by its earliest ship date', async () => {
    expect(await rows('client', '?sort=ship_date')).toEqual(named('alpha', 'merge', 'bravo', 'charlie'));
    expect(await rows('client', '?sort=ship_date&direction=desc')).toEqual(named('charlie', 'bravo', 'merge', 'alpha'));
  });

  it('sorts across pages on the server', async () => {
    expect(await rows('client', '?sort=customer_name&per_page=2&page=2')).toEqual(named('charlie', 'merge'));
  });

  it('never widens the scope: the other client’s order stays out, staff of the warehouse see it', async () => {
    for (const sort of ['customer_name', 'ship_date', 'created_at']) {
      expect(await rows('client', `?sort=${sort}`)).not.toContain(ids.neighbour);
      expect(await rows('neighbourClient', `?sort=${sort}`)).toEqual(named('neighbour'));
      expect(await rows('otherManager', `?sort=${sort}`)).toEqual([]);
    }
    expect((await rows('manager', '?sort=customer_name'))[0]).toBe(ids.neighbour);
  });

  it('refuses an unknown sort or direction with 422', async () => {
    for (const query of ['?sort=price', '?direction=up']) {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/orders/with-merge-items${query}` });
      expect(res.statusCode, query).toBe(422);
    }
  });
});
