import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { accountWarehouses } from '../src/db/schema/accounts';
import { createInventory, createProduct } from './support/catalogue';
import { createOrder } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Two clients keep stock side by side in warehouse Alpha: every read and write must keep each to their own rows.
 * Each test here failed to catch a deliberate breakage before the world had two clients in one warehouse;
 * the breakage is named on the test.
 */
let ctx: TestContext;
const rows = { cleoLow: 0, nellLow: 0, nellOut: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const { alpha } = ctx.world.warehouses;
  const { clientActive, neighbourActive } = ctx.world.accounts;
  const cleo = await createProduct(ctx, clientActive);
  const nellA = await createProduct(ctx, neighbourActive);
  const nellB = await createProduct(ctx, neighbourActive);
  rows.cleoLow = (
    await createInventory(ctx, { productId: cleo.id, warehouseId: alpha, accountId: clientActive, onHand: 5 })
  ).id;
  rows.nellLow = (
    await createInventory(ctx, { productId: nellA.id, warehouseId: alpha, accountId: neighbourActive, onHand: 3 })
  ).id;
  rows.nellOut = (
    await createInventory(ctx, { productId: nellB.id, warehouseId: alpha, accountId: neighbourActive, onHand: 0 })
  ).id;
  // Orders side by side in Alpha too: one of Cleo's, two of Nell's (the order counters must keep them apart).
  await createOrder(ctx, { accountId: clientActive, warehouseId: alpha, lines: [{ productId: cleo.id, quantity: 1 }] });
  for (const product of [nellA, nellB]) {
    await createOrder(ctx, {
      accountId: neighbourActive,
      warehouseId: alpha,
      lines: [{ productId: product.id, quantity: 1 }],
    });
  }
});
afterAll(() => ctx.close());

/** Permissions are data: grant one to a role for the length of `body`, then take it back. */
async function withPermission(role: string, permission: string, body: () => Promise<void>) {
  const { db } = ctx.handle;
  const [granted] = await db.select().from(roles).where(eq(roles.name, role));
  const [wanted] = await db.select().from(permissions).where(eq(permissions.name, permission));
  const grant = and(eq(rolePermissions.roleId, granted!.id), eq(rolePermissions.permissionId, wanted!.id));
  const held = (await db.select().from(rolePermissions).where(grant)).length > 0;
  if (!held) await db.insert(rolePermissions).values({ roleId: granted!.id, permissionId: wanted!.id });
  try {
    await body();
  } finally {
    if (!held) await db.delete(rolePermissions).where(grant);
  }
}

const get = (actor: 'client' | 'neighbourClient' | 'manager' | 'admin', url: string) =>
  ctx.as(actor, { method: 'GET', url });

describe('inventory of two clients in one warehouse', () => {
  // Breakage: a client's inventory scope reduced to "their warehouses" (inventory-scope.ts).
  it('a client lists and opens only their own rows, not a neighbour’s in the same warehouse', async () => {
    const listed = (await get('neighbourClient', '/api/inventories')).json().data.map((r: { id: number }) => r.id);
    expect(listed.sort()).toEqual([rows.nellLow, rows.nellOut].sort());
    expect((await get('neighbourClient', `/api/inventories/${rows.cleoLow}`)).statusCode).toBe(404);
    expect((await get('client', `/api/inventories/${rows.nellLow}`)).statusCode).toBe(404);
    expect((await get('client', `/api/inventories/${rows.cleoLow}`)).statusCode).toBe(200);
  });

  // Breakage: the low / out-of-stock counts unscoped (countStockStatuses).
  it('counts low and out-of-stock rows of the caller’s accounts only', async () => {
    expect((await get('client', '/api/inventories')).json().counts).toEqual({
      low_stock_count: 1,
      out_of_stock_count: 0,
    });
    expect((await get('neighbourClient', '/api/inventories')).json().counts).toEqual({
      low_stock_count: 1,
      out_of_stock_count: 1,
    });
    expect((await get('manager', '/api/inventories')).json().counts).toEqual({
      low_stock_count: 2,
      out_of_stock_count: 1,
    });
  });

  // Breakage: stock totals unscoped (stockTotalsByWarehouseAndAccount).
  it('sums the summary over the caller’s accounts only', async () => {
    const summary = (await get('client', '/api/inventories/summary')).json();
    expect(summary.totals).toMatchObject({ items: 1, units_on_hand: 5, low_stock_count: 1, out_of_stock_count: 0 });
    const [alpha] = summary.warehouses;
    expect(alpha.accounts.map((a: { name: string }) => a.name)).toEqual(['Cleo Active Goods', 'Cleo Dormant Goods']);
    const neighbour = (await get('neighbourClient', '/api/inventories/summary')).json();
    expect(neighbour.totals).toMatchObject({ items: 2, units_on_hand: 3, low_stock_count: 1, out_of_stock_count: 1 });
    expect(neighbour.warehouses[0].accounts.map((a: { name: string }) => a.name)).toEqual(['Nell Next Door']);
  });

  // Breakage: warehouse statistics unscoped (warehouse-detail.ts, the account and the stock conditions).
  it('gives each client the warehouse figures of their own accounts', async () => {
    const { alpha } = ctx.world.warehouses;
    const url = `/api/warehouses/${alpha}/statistics`;
    expect((await get('client', url)).json().data).toMatchObject({
      accounts_count: 2,
      active_accounts_count: 1,
      products_count: 1,
      units_on_hand: 5,
      orders_count: 1,
    });
    expect((await get('neighbourClient', url)).json().data).toMatchObject({
      accounts_count: 1,
      active_accounts_count: 1,
      products_count: 2,
      units_on_hand: 3,
      orders_count: 2,
    });
    expect((await get('manager', url)).json().data).toMatchObject({
      accounts_count: 3,
      products_count: 3,
      orders_count: 3,
    });
  });

  // Breakage: the scope dropped from the order counters' reads (orders statistics, dashboard).
  it("counts each client's orders only, on the orders stat cards and the dashboard", async () => {
    const cards = async (actor: 'client' | 'neighbourClient') =>
      (await get(actor, '/api/orders/statistics')).json().data.total_orders;
    expect(await cards('client')).toBe(1);
    expect(await cards('neighbourClient')).toBe(2);
    const dashboard = async (actor: 'client' | 'neighbourClient') =>
      (await get(actor, '/api/dashboard')).json().data.overview;
    expect(await dashboard('client')).toMatchObject({ total_orders: 1, orders_this_period: 1, pending_orders: 1 });
    expect(await dashboard('neighbourClient')).toMatchObject({ total_orders: 2, orders_this_period: 2 });
  });

  // Breakage: the staff-only guard on the verified flag removed (inventory-service). Permissions are data, so a
  // client role granted `edit inventories` must still not verify stock.
  it('never lets a client set the verified flag, even with edit inventories granted', async () => {
    await withPermission('client', 'edit inventories', async () => {
      const res = await ctx.as('client', {
        method: 'POST',
        url: `/api/inventories/${rows.cleoLow}/verify`,
        payload: { verified: true },
      });
      expect(res.statusCode).toBe(403);
      expect((await get('client', `/api/inventories/${rows.cleoLow}`)).json().data.verified).toBe(false);
    });
  });
});

describe('account warehouse links beyond a manager’s reach', () => {
  // Breakage: the reach check dropped in replaceAccountWarehouses (accounts-repository). Managers do not hold
  // `edit accounts` by default; a role granted it must still not unlink warehouses beyond its reach.
  it('a manager editing an account keeps its links to warehouses they cannot see', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const { neighbourActive } = ctx.world.accounts;
    const { db } = ctx.handle;
    await db.insert(accountWarehouses).values({ accountId: neighbourActive, warehouseId: beta });
    try {
      await withPermission('manager', 'edit accounts', async () => {
        const res = await ctx.as('manager', {
          method: 'PUT',
          url: `/api/accounts/${neighbourActive}`,
          payload: {
            name: 'Nell Next Door',
            status: 'active',
            user_id: ctx.world.users.neighbourClient.id,
            warehouse_ids: [alpha],
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      const asAdmin = (await get('admin', `/api/accounts/${neighbourActive}`)).json().data;
      expect(asAdmin.warehouse_ids).toEqual([alpha, beta].sort((a, b) => a - b));
    } finally {
      await db
        .delete(accountWarehouses)
        .where(and(eq(accountWarehouses.accountId, neighbourActive), eq(accountWarehouses.warehouseId, beta)));
    }
  });
});

describe('inquiry assignments in activity feeds', () => {
  // Breakage: the staff-only kinds no longer left out for clients (listActivity's audience, dashboard-service).
  // The inquiry's detail, list and timeline hid the assignee while the dashboard's recent activity named them.
  it('a client reads the inquiry in their feeds but never who it was assigned to; staff do', async () => {
    const created = await ctx.as('client', {
      method: 'POST',
      url: '/api/inquiries',
      payload: {
        type: 'account',
        subtype: 'Other',
        query: 'Please check our billing address.',
        warehouse_id: ctx.world.warehouses.alpha,
        account_id: ctx.world.accounts.clientActive,
        subject_id: ctx.world.accounts.clientActive,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const inquiryId: number = created.json().data.id;
    const titles = async (actor: 'client' | 'manager') =>
      ((await get(actor, '/api/dashboard')).json().data.recent_activity as { title: string }[]).map((a) => a.title);
    expect(await titles('manager')).toContain(`Inquiry #${inquiryId} assigned`);
    const asClient = await titles('client');
    expect(asClient.some((title) => title.startsWith(`Inquiry #${inquiryId}`))).toBe(true);
    expect(asClient).not.toContain(`Inquiry #${inquiryId} assigned`);
    const timeline = (await get('client', `/api/inquiries/${inquiryId}/timeline`)).json().data as { kind: string }[];
    expect(timeline.map((event) => event.kind)).not.toContain('inquiry.assigned');
  });
});
