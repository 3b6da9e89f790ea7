import { CURSOR_MESSAGES } from '@wms/contract/paging';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { createOrder, stockedProduct, verifyAllItems } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * Keyset (cursor) paging: walking a list by next_cursor, or back by prev_cursor, gives exactly the rows of
 * the offset pages, for every sort and direction of the orders list (and the archive), products and inventory;
 * within the caller's scope whatever cursor they hold; a damaged cursor is refused.
 */
let ctx: TestContext;
const clientOrderIds: number[] = [];
const neighbourOrderIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
  const { accounts, warehouses } = ctx.world;
  const shipDates = ['2027-01-05', null, '2027-01-01', '2027-01-05', null, '2027-01-03'];
  const customers = ['bravo', 'Alpha', 'alpha', 'charlie', 'Bravo'];
  for (let i = 0; i < 14; i++) {
    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 10);
    const order = await createOrder(ctx, {
      accountId: accounts.clientActive,
      warehouseId: warehouses.alpha,
      customerName: customers[i % customers.length],
      lines: [{ productId: stock.productId, quantity: 1 }],
    });
    clientOrderIds.push(order.id);
    await ctx.handle.db
      .update(orders)
      .set({ shipDate: shipDates[i % shipDates.length] })
      .where(eq(orders.id, order.id));
  }
  for (let i = 0; i < 4; i++) {
    const stock = await stockedProduct(ctx, accounts.neighbourActive, warehouses.alpha, 10);
    const order = await createOrder(ctx, {
      accountId: accounts.neighbourActive,
      warehouseId: warehouses.alpha,
      customerName: 'Aaron',
      lines: [{ productId: stock.productId, quantity: 1 }],
    });
    neighbourOrderIds.push(order.id);
  }
  // Ties: three orders share one creation time to the microsecond, so the id (and kind) tie-breaks are exercised.
  const tied = clientOrderIds.slice(3, 6);
  await ctx.handle.db
    .update(orders)
    .set({ createdAt: new Date('2026-06-01T10:00:00.123Z') })
    .where(inArray(orders.id, tied));
  // Days apart, for "jump to date".
  await ctx.handle.db
    .update(orders)
    .set({ createdAt: new Date('2026-05-20T23:59:59.999Z') })
    .where(eq(orders.id, clientOrderIds[6]!));
  await ctx.handle.db
    .update(orders)
    .set({ createdAt: new Date('2026-05-21T00:00:00.000Z') })
    .where(eq(orders.id, clientOrderIds[7]!));
  const merged = await ctx.as('client', {
    method: 'POST',
    url: '/api/merge-items',
    ...multipart({ title: 'Pickup', order_ids: JSON.stringify([clientOrderIds[8], clientOrderIds[9]]) }),
  });
  expect(merged.statusCode, merged.body).toBe(201);
  // The shipped archive (type=all): five of the client's orders and one of the neighbour's, shipped through the API.
  for (const id of [clientOrderIds[0], ...clientOrderIds.slice(10), neighbourOrderIds[0]] as number[]) {
    await verifyAllItems(ctx, id);
    const shipped = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${id}/status`,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  }
});
afterAll(() => ctx.close());

type Meta = { next_cursor: string | null; prev_cursor: string | null; page: number; total: number };
type Row = { type?: string; id: number; account_id?: number; account?: { id: number } };

async function get(actor: Actor, url: string) {
  const res = await ctx.as(actor, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; meta: Meta };
}

const key = (row: Row) => `${row.type ?? 'row'}:${row.id}`;
const withQuery = (url: string, query: Record<string, string>) => `${url}?${new URLSearchParams(query)}`;

/** Every row by cursor, forward from page 1 then back from the last page; both must match the offset listing. */
async function expectCursorWalkMatchesOffset(actor: Actor, url: string, query: Record<string, string> = {}) {
  const everything = (await get(actor, withQuery(url, { ...query, per_page: '100' }))).data.map(key);
  expect(everything.length, url).toBeGreaterThan(3);

  const forward: string[] = [];
  const pages: Meta[] = [];
  let page = await get(actor, withQuery(url, { ...query, per_page: '3' }));
  for (;;) {
    forward.push(...page.data.map(key));
    pages.push(page.meta);
    if (!page.meta.next_cursor) break;
    page = await get(actor, withQuery(url, { ...query, per_page: '3', cursor: page.meta.next_cursor }));
    expect(page.meta.page).toBe(0);
  }
  expect(forward).toEqual(everything);
  expect(pages[0]!.prev_cursor).toBeNull();

  const backward: string[][] = [page.data.map(key)];
  while (page.meta.prev_cursor) {
    page = await get(actor, withQuery(url, { ...query, per_page: '3', cursor: page.meta.prev_cursor }));
    backward.unshift(page.data.map(key));
  }
  expect(backward.flat()).toEqual(everything);
  return everything;
}

const ORDERS = '/api/orders/with-merge-items';

describe('cursor paging of the orders list and the shipped archive', () => {
  for (const sort of ['created_at', 'ship_date', 'customer_name']) {
    for (const direction of ['asc', 'desc']) {
      it(`concatenates to the offset pages: sort=${sort}&direction=${direction}`, async () => {
        await expectCursorWalkMatchesOffset('client', ORDERS, { sort, direction });
        await expectCursorWalkMatchesOffset('manager', ORDERS, { sort, direction, type: 'all' });
      });
    }
  }

  it('gives offset pages a next_cursor that continues where the page ends', async () => {
    const all = (await get('client', withQuery(ORDERS, { per_page: '100' }))).data.map(key);
    const second = await get('client', withQuery(ORDERS, { per_page: '4', page: '2' }));
    expect(second.meta.page).toBe(2);
    const third = await get('client', withQuery(ORDERS, { per_page: '4', cursor: second.meta.next_cursor! }));
    expect(third.data.map(key)).toEqual(all.slice(8, 12));
    const first = await get('client', withQuery(ORDERS, { per_page: '4', cursor: second.meta.prev_cursor! }));
    expect(first.data.map(key)).toEqual(all.slice(0, 4));
  });

  it('never shows a client another account’s rows, even from a cursor made on them', async () => {
    const managerPage = await get('manager', withQuery(ORDERS, { per_page: '2', sort: 'customer_name' }));
    // The manager's first rows are the neighbour's ("Aaron" sorts first); the client replays the manager's cursor.
    expect(managerPage.data.map((r) => r.id).every((id) => neighbourOrderIds.includes(id))).toBe(true);
    const clientPage = await get(
      'client',
      withQuery(ORDERS, { per_page: '50', sort: 'customer_name', cursor: managerPage.meta.next_cursor! }),
    );
    expect(clientPage.data.length).toBeGreaterThan(0);
    for (const row of clientPage.data) expect(neighbourOrderIds).not.toContain(row.id);
    const neighbourRows = await expectCursorWalkMatchesOffset('neighbourClient', ORDERS, {});
    expect(neighbourRows.sort()).toEqual(neighbourOrderIds.map((id) => `order:${id}`).sort());
  });

  it('refuses a damaged, edited or other-sort cursor with 422 on the cursor field', async () => {
    const { meta } = await get('client', withQuery(ORDERS, { per_page: '3' }));
    const cursor = meta.next_cursor!;
    const [payload, sum] = cursor.split('.');
    const edited = Buffer.from(
      Buffer.from(payload!, 'base64url')
        .toString()
        .replace(/"id":\d+/, '"id":1'),
    ).toString('base64url');
    for (const [bad, message] of [
      ['not-a-cursor', CURSOR_MESSAGES.cursorInvalid],
      [`${edited}.${sum}`, CURSOR_MESSAGES.cursorInvalid],
      [`${payload}.AAAAAAAAAAAA`, CURSOR_MESSAGES.cursorInvalid],
      [`${Buffer.from('{}').toString('base64url')}.${sum}`, CURSOR_MESSAGES.cursorInvalid],
    ] as const) {
      const res = await ctx.as('client', { method: 'GET', url: withQuery(ORDERS, { cursor: bad }) });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors).toEqual({ cursor: [message] });
    }
    const otherSort = await ctx.as('client', {
      method: 'GET',
      url: withQuery(ORDERS, { cursor, sort: 'customer_name' }),
    });
    expect(otherSort.statusCode).toBe(422);
    expect(otherSort.json().errors).toEqual({ cursor: [CURSOR_MESSAGES.cursorOtherSort] });
    const products = await ctx.as('client', { method: 'GET', url: withQuery('/api/products', { cursor: 'x.y' }) });
    expect(products.statusCode).toBe(422);
    expect(products.json().errors).toEqual({ cursor: [CURSOR_MESSAGES.cursorInvalid] });
  });

  it('jumps to a date: newest first from the end of that day, oldest first from its start', async () => {
    const newest = await get('client', withQuery(ORDERS, { jump_to: '2026-05-20', per_page: '1' }));
    expect(newest.data.map((r) => r.id)).toEqual([clientOrderIds[6]]);
    expect(newest.meta.prev_cursor).not.toBeNull();
    const oldest = await get('client', withQuery(ORDERS, { jump_to: '2026-05-21', direction: 'asc', per_page: '1' }));
    expect(oldest.data.map((r) => r.id)).toEqual([clientOrderIds[7]]);
    const before = await get('client', withQuery(ORDERS, { cursor: oldest.meta.prev_cursor!, direction: 'asc' }));
    expect(before.data.map((r) => r.id)).toEqual([clientOrderIds[6]]);

    const byName = await ctx.as('client', {
      method: 'GET',
      url: withQuery(ORDERS, { jump_to: '2026-05-20', sort: 'customer_name' }),
    });
    expect(byName.statusCode).toBe(422);
    expect(byName.json().errors).toEqual({ jump_to: [CURSOR_MESSAGES.jumpToNeedsDateSort] });
  });
});

describe('cursor paging of products and inventory', () => {
  it('concatenates to the offset pages, in the caller’s scope', async () => {
    const products = await expectCursorWalkMatchesOffset('client', '/api/products');
    const neighbourProducts = await expectCursorWalkMatchesOffset('neighbourClient', '/api/products');
    expect(products.filter((p) => neighbourProducts.includes(p))).toEqual([]);
    await expectCursorWalkMatchesOffset('admin', '/api/products', {
      account_id: String(ctx.world.accounts.clientActive),
    });
    const inventory = await expectCursorWalkMatchesOffset('client', '/api/inventories');
    const neighbourInventory = await expectCursorWalkMatchesOffset('neighbourClient', '/api/inventories');
    expect(inventory.filter((p) => neighbourInventory.includes(p))).toEqual([]);
    await expectCursorWalkMatchesOffset('manager', `/api/accounts/${ctx.world.accounts.clientActive}/inventories`);
  });
});
