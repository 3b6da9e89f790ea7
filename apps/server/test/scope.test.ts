import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const names = async (actor: Actor, url: string) => {
  const res = await ctx.as(actor, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { name: string }[]).map((row) => row.name).sort();
};

describe('GET /api/accounts is scoped', () => {
  it.each<[Actor, string[]]>([
    ['superAdmin', ['Cleo Active Goods', 'Cleo Dormant Goods', 'Nell Next Door', 'Otto Trading']],
    ['admin', ['Cleo Active Goods', 'Cleo Dormant Goods', 'Nell Next Door', 'Otto Trading']],
    ['manager', ['Cleo Active Goods', 'Cleo Dormant Goods', 'Nell Next Door']],
    ['otherManager', ['Otto Trading']],
    ['client', ['Cleo Active Goods', 'Cleo Dormant Goods']],
    ['otherClient', ['Otto Trading']],
    ['neighbourClient', ['Nell Next Door']],
  ])('%s sees %j', async (actor, expected) => {
    expect(await names(actor, '/api/accounts')).toEqual(expected);
  });

  it('answers the account view with owner and warehouses', async () => {
    const res = await ctx.as('client', { method: 'GET', url: '/api/accounts?search=active' });
    expect(res.json()).toMatchObject({
      data: [
        {
          id: ctx.world.accounts.clientActive,
          name: 'Cleo Active Goods',
          status: 'active',
          account_type: 'regular',
          user_id: ctx.world.users.client.id,
          user_name: 'Cleo Client',
          warehouse_ids: [ctx.world.warehouses.alpha],
          warehouses: [{ id: ctx.world.warehouses.alpha, name: 'Alpha Warehouse', code: 'ALP' }],
          warehouse_name: 'Alpha Warehouse',
        },
      ],
      meta: { total: 1, page: 1, per_page: 10, last_page: 1 },
    });
  });

  it('searches by owner name, filters by status, and paginates on the server', async () => {
    expect(await names('admin', '/api/accounts?search=otto')).toEqual(['Otto Trading']);
    expect(await names('admin', '/api/accounts?status=inactive')).toEqual(['Cleo Dormant Goods']);
    const page = await ctx.as('admin', { method: 'GET', url: '/api/accounts?per_page=3&page=2' });
    expect(page.json().meta).toEqual({ total: 4, page: 2, per_page: 3, last_page: 2 });
    expect(page.json().data).toHaveLength(1);
  });

  it('treats search wildcards literally', async () => {
    expect(await names('admin', '/api/accounts?search=%25')).toEqual([]);
  });

  it('lets warehouse_id narrow the scope but never widen it', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    expect(await names('admin', `/api/accounts?warehouse_id=${beta}`)).toEqual(['Otto Trading']);
    expect(await names('client', `/api/accounts?warehouse_id=${beta}`)).toEqual([]);
    expect(await names('manager', `/api/accounts?warehouse_id=${beta}`)).toEqual([]);
    expect(await names('manager', `/api/accounts?warehouse_id=${alpha}`)).toHaveLength(3);
    expect(await names('neighbourClient', `/api/accounts?warehouse_id=${alpha}`)).toEqual(['Nell Next Door']);
  });

  it('rejects bad paging input with field messages', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/accounts?per_page=500' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.per_page).toBeDefined();
  });
});

describe('warehouse lists', () => {
  it.each<[Actor, string[]]>([
    ['admin', ['Alpha Warehouse', 'Beta Warehouse', 'Gamma Warehouse']],
    ['manager', ['Alpha Warehouse']],
    ['otherManager', ['Beta Warehouse']],
    ['client', ['Alpha Warehouse']],
    ['otherClient', ['Beta Warehouse']],
  ])('GET /api/warehouses for %s is %j', async (actor, expected) => {
    expect(await names(actor, '/api/warehouses')).toEqual(expected);
  });

  it('GET /api/warehouses filters by active flag and search, and counts assigned users', async () => {
    expect(await names('admin', '/api/warehouses?is_active=false')).toEqual(['Gamma Warehouse']);
    expect(await names('admin', '/api/warehouses?search=bos')).toEqual(['Beta Warehouse']);
    const res = await ctx.as('admin', { method: 'GET', url: '/api/warehouses?search=ALP' });
    expect(res.json().data[0]).toMatchObject({
      code: 'ALP',
      is_active: true,
      users_count: 3,
      users: [
        { id: ctx.world.users.client.id, name: 'Cleo Client' },
        { id: ctx.world.users.manager.id, name: 'Max Manager' },
        { id: ctx.world.users.neighbourClient.id, name: 'Nell Neighbour' },
      ],
    });
    // Clients may list warehouses but not learn who else works there: the count only.
    const asClient = await ctx.as('client', { method: 'GET', url: '/api/warehouses?search=ALP' });
    expect(asClient.json().data[0].users_count).toBe(3);
    expect(asClient.json().data[0]).not.toHaveProperty('users');
  });

  it('GET /api/warehouses/active lists only active warehouses in scope', async () => {
    expect(await names('admin', '/api/warehouses/active')).toEqual(['Alpha Warehouse', 'Beta Warehouse']);
    expect(await names('otherManager', '/api/warehouses/active')).toEqual(['Beta Warehouse']);
  });

  it('GET /api/all-warehouses is public and exposes only identifying fields of active warehouses', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/all-warehouses' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((w: { name: string }) => w.name)).toEqual(['Alpha Warehouse', 'Beta Warehouse']);
    expect(Object.keys(rows[0]).sort()).toEqual(['city', 'code', 'id', 'name', 'state']);
  });

  it('a client sees the warehouses of the accounts they own as well as those chosen at registration', async () => {
    const { db } = ctx.handle;
    const { accountWarehouses } = await import('../src/db/schema/accounts');
    await db
      .insert(accountWarehouses)
      .values({ accountId: ctx.world.accounts.clientActive, warehouseId: ctx.world.warehouses.beta });
    try {
      expect(await names('client', '/api/warehouses')).toEqual(['Alpha Warehouse', 'Beta Warehouse']);
    } finally {
      const { and, eq } = await import('drizzle-orm');
      await db
        .delete(accountWarehouses)
        .where(
          and(
            eq(accountWarehouses.accountId, ctx.world.accounts.clientActive),
            eq(accountWarehouses.warehouseId, ctx.world.warehouses.beta),
          ),
        );
    }
  });
});
