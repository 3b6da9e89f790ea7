import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { createInventory, createProduct } from './support/catalogue';
import { withPermissions } from './support/grant-permission';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const delta = {
  name: 'Delta Depot',
  code: 'DEL',
  address: '4 Quay St',
  city: 'Dover',
  state: 'DE',
  zip_code: '19901',
  country: 'US',
  phone: '+1 302 555 0101',
  email: 'delta@example.com',
  manager_name: 'Dee',
  notes: 'Dock 4',
};
const post = (payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: '/api/warehouses', payload });
/** A refused write: the answer's status, and not one row of any table changed (rows, links, events). */
const refused = (request: () => ReturnType<typeof post>, status: number) =>
  expectRefusedUnchanged(ctx.handle.db, request, status);

describe('GET /api/warehouses/{id}', () => {
  it('answers {warehouse} with its users for those who may view users', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: `/api/warehouses/${ctx.world.warehouses.alpha}` });
    expect(res.statusCode).toBe(200);
    const { warehouse } = res.json();
    expect(warehouse).toMatchObject({ code: 'ALP', users_count: 3 });
    expect(warehouse.users.map((u: { email: string }) => u.email).sort()).toEqual([
      'client@test.example.com',
      'manager@test.example.com',
      'neighbourclient@test.example.com',
    ]);
  });

  it('hides the user list from clients', async () => {
    const res = await ctx.as('client', { method: 'GET', url: `/api/warehouses/${ctx.world.warehouses.alpha}` });
    expect(res.json().warehouse.users).toEqual([]);
  });

  it('answers 404 to a manager outside the warehouse', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: `/api/warehouses/${ctx.world.warehouses.beta}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST and PUT /api/warehouses', () => {
  let deltaId: number;

  it('creates a warehouse with every field and its users, and records it', async () => {
    const res = await post({ ...delta, user_ids: [ctx.world.users.otherManager.id] });
    expect(res.statusCode).toBe(201);
    const { warehouse, message } = res.json();
    expect(message).toBe('Warehouse created successfully');
    expect(warehouse).toMatchObject({ ...delta, is_active: true, user_ids: [ctx.world.users.otherManager.id] });
    deltaId = warehouse.id;
    expect((await activityOf(ctx.handle.db, 'warehouse', deltaId))[0]).toMatchObject({
      kind: 'warehouse.created',
      warehouseIds: [deltaId],
    });
  });

  it.each([
    [{ code: 'X' }, 'name', 'this field is required'],
    [{ name: 'X', code: '' }, 'code', 'this field is required'],
    [{ name: 'X', code: 'X', email: 'nope' }, 'email', 'Please enter a valid email'],
    [{ name: 'X', code: 'del' }, 'code', 'The code has already been taken.'],
    [{ name: 'X', code: 'X', user_ids: [999999] }, 'user_ids', 'The selected user is invalid.'],
  ])('answers 422 for %j on %s: %s', async (payload, field, message) => {
    const res = await refused(() => post(payload), 422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('updates the fields sent, clears blank ones, and records a deactivation', async () => {
    const res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/warehouses/${deltaId}`,
      payload: { name: 'Delta Depot 2', code: 'DEL', notes: '', is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Warehouse updated successfully',
      warehouse: { name: 'Delta Depot 2', city: 'Dover', notes: null, is_active: false },
    });
    expect((await activityOf(ctx.handle.db, 'warehouse', deltaId))[0]).toMatchObject({
      kind: 'warehouse.status_changed',
    });
    const taken = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/warehouses/${deltaId}`,
      payload: { name: 'D', code: 'alp' },
    });
    expect(taken.json().errors.code).toEqual(['The code has already been taken.']);
  });

  it('is refused to managers (no create or edit warehouses)', async () => {
    await refused(() => post(delta, 'manager'), 403);
  });

  it('assigns and removes users', async () => {
    const url = `/api/warehouses/${deltaId}`;
    const assigned = await ctx.as('admin', {
      method: 'POST',
      url: `${url}/assign-users`,
      payload: { user_ids: [ctx.world.users.manager.id, ctx.world.users.otherManager.id] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().message).toBe('Users assigned successfully');
    expect(assigned.json().warehouse.users_count).toBe(2);
    expect((await ctx.as('manager', { method: 'GET', url })).statusCode).toBe(200);

    const removed = await ctx.as('admin', {
      method: 'POST',
      url: `${url}/remove-user`,
      payload: { user_id: ctx.world.users.manager.id },
    });
    expect(removed.json()).toMatchObject({ message: 'User removed successfully', warehouse: { users_count: 1 } });
    expect((await ctx.as('manager', { method: 'GET', url })).statusCode).toBe(404);
    const again = await ctx.as('admin', {
      method: 'POST',
      url: `${url}/remove-user`,
      payload: { user_id: ctx.world.users.manager.id },
    });
    expect(again.json().errors.user_id).toEqual(['The user is not assigned to this warehouse.']);
    const none = await ctx.as('admin', { method: 'POST', url: `${url}/assign-users`, payload: { user_ids: [] } });
    expect(none.json().errors.user_ids).toEqual(['At least one user is required']);
    const kinds = (await activityOf(ctx.handle.db, 'warehouse', deltaId)).map((a) => a.kind);
    expect(kinds.slice(0, 2)).toEqual(['warehouse.user_removed', 'warehouse.users_assigned']);
  });

  it('refuses deleting a warehouse with users or accounts (409), then deletes it once empty', async () => {
    const url = `/api/warehouses/${deltaId}`;
    const inUse = await refused(() => ctx.as('admin', { method: 'DELETE', url }), 409);
    expect(inUse.json().message).toBe(
      'This warehouse still has accounts or users assigned. Set it to inactive instead of deleting it.',
    );
    await ctx.as('admin', { method: 'PUT', url, payload: { name: 'Delta', code: 'DEL', user_ids: [] } });
    const res = await ctx.as('admin', { method: 'DELETE', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Warehouse deleted successfully' });
    expect((await activityOf(ctx.handle.db, 'warehouse', deltaId))[0]).toMatchObject({
      kind: 'warehouse.deleted',
      warehouseIds: [deltaId],
    });
  });

  it('refuses deleting a warehouse that stock still references', async () => {
    // An inventory row (empty: quantities arrive only through the ledger, which the file's recount checks).
    const { sql } = await import('drizzle-orm');
    const { gamma } = ctx.world.warehouses;
    const { otherClient } = ctx.world.accounts;
    await ctx.handle.db.execute(sql`with p as (
      insert into products (account_id, name, sku) values (${otherClient}, 'Mug', 'MUG-1') returning id)
      insert into inventories (product_id, warehouse_id, account_id) select id, ${gamma}, ${otherClient} from p`);
    const res = await refused(() => ctx.as('admin', { method: 'DELETE', url: `/api/warehouses/${gamma}` }), 409);
    expect(res.json().message).toMatch(/still referenced/);
  });
});

describe('another warehouse’s manager granted edit and delete warehouses', () => {
  it('meets 404 on every write to Alpha, and Alpha and its users stay as they were', async () => {
    const { alpha } = ctx.world.warehouses;
    const { manager, otherManager } = ctx.world.users;
    const url = `/api/warehouses/${alpha}`;
    await withPermissions(ctx.handle.db, 'manager', ['edit warehouses', 'delete warehouses'], async () => {
      // The grant itself works: Beta's manager may now rename Beta (then it is put back).
      const beta = `/api/warehouses/${ctx.world.warehouses.beta}`;
      const own = await ctx.as('otherManager', {
        method: 'PUT',
        url: beta,
        payload: { name: 'Beta Warehouse', code: 'BET' },
      });
      expect(own.statusCode, own.body).toBe(200);
      await refused(
        () =>
          ctx.as('otherManager', { method: 'PUT', url, payload: { name: 'Taken over', code: 'ALP', user_ids: [] } }),
        404,
      );
      await refused(
        () =>
          ctx.as('otherManager', {
            method: 'POST',
            url: `${url}/assign-users`,
            payload: { user_ids: [otherManager.id] },
          }),
        404,
      );
      await refused(
        () => ctx.as('otherManager', { method: 'POST', url: `${url}/remove-user`, payload: { user_id: manager.id } }),
        404,
      );
      await refused(() => ctx.as('otherManager', { method: 'DELETE', url }), 404);
    });
  });
});

describe('GET /api/warehouses/{id}/statistics', () => {
  it('counts users, accounts and stock, scoped to the caller', async () => {
    const { alpha, beta, gamma } = ctx.world.warehouses;
    const { clientActive, neighbourActive } = ctx.world.accounts;
    const url = `/api/warehouses/${alpha}/statistics`;
    const empty = await ctx.as('admin', { method: 'GET', url });
    expect(empty.json().data).toEqual({
      warehouse_id: alpha,
      users_count: 3,
      accounts_count: 3,
      active_accounts_count: 2,
      products_count: 0,
      units_on_hand: 0,
      units_reserved: 0,
      units_available: 0,
      orders_count: 0,
      orders_by_status: [],
    });
    const stock = await ctx.as('admin', { method: 'GET', url: `/api/warehouses/${gamma}/statistics` });
    // Gamma's row (inserted above, empty) counts as a product; units are counted on Alpha below.
    expect(stock.json().data).toMatchObject({ products_count: 1, units_on_hand: 0, units_reserved: 0 });

    // Two clients keep stock side by side in Alpha: each counts only their own accounts and units.
    const cleo = await createProduct(ctx, clientActive);
    const nell = await createProduct(ctx, neighbourActive);
    await createInventory(ctx, { productId: cleo.id, warehouseId: alpha, accountId: clientActive, onHand: 10 });
    await createInventory(ctx, {
      productId: nell.id,
      warehouseId: alpha,
      accountId: neighbourActive,
      onHand: 4,
      reserved: 1,
    });
    const figures = async (actor: Actor) => (await ctx.as(actor, { method: 'GET', url })).json().data;
    expect(await figures('manager')).toMatchObject({
      users_count: 3,
      accounts_count: 3,
      products_count: 2,
      units_on_hand: 14,
      units_reserved: 1,
    });
    expect(await figures('client')).toEqual({
      warehouse_id: alpha,
      users_count: null,
      accounts_count: 2,
      active_accounts_count: 1,
      products_count: 1,
      units_on_hand: 10,
      units_reserved: 0,
      units_available: 10,
      orders_count: 0,
      orders_by_status: [],
    });
    expect(await figures('neighbourClient')).toEqual({
      warehouse_id: alpha,
      users_count: null,
      accounts_count: 1,
      active_accounts_count: 1,
      products_count: 1,
      units_on_hand: 4,
      units_reserved: 1,
      units_available: 3,
      orders_count: 0,
      orders_by_status: [],
    });
    const outside = await ctx.as('otherClient', { method: 'GET', url });
    expect(outside.statusCode).toBe(404);
    const otherManager = await ctx.as('otherManager', { method: 'GET', url: `/api/warehouses/${beta}/statistics` });
    expect(otherManager.json().data).toMatchObject({ accounts_count: 1, products_count: 0 });
  });
});
