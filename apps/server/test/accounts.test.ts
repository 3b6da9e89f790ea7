import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (actor: Actor, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: '/api/accounts', payload });
const put = (actor: Actor, id: number, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'PUT', url: `/api/accounts/${id}`, payload });

describe('GET /api/accounts/{id}', () => {
  it('answers {data} with warehouses for the owner and staff in scope', async () => {
    const { clientActive } = ctx.world.accounts;
    for (const actor of ['client', 'manager', 'admin'] as const) {
      const res = await ctx.as(actor, { method: 'GET', url: `/api/accounts/${clientActive}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: clientActive,
        user_id: ctx.world.users.client.id,
        warehouses: [{ id: ctx.world.warehouses.alpha, name: 'Alpha Warehouse' }],
      });
    }
  });

  it('answers 404 to a client reading another client’s account and to a manager outside its warehouses', async () => {
    const url = `/api/accounts/${ctx.world.accounts.otherClient}`;
    expect((await ctx.as('client', { method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.as('manager', { method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('POST /api/accounts', () => {
  it('lets staff create an account with every field, and records it', async () => {
    const res = await post('admin', {
      name: 'Staff Made',
      status: 'active',
      account_type: 'fast',
      user_id: ctx.world.users.otherClient.id,
      warehouse_ids: [ctx.world.warehouses.beta],
    });
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe('Account created successfully');
    expect(data).toMatchObject({
      name: 'Staff Made',
      status: 'active',
      account_type: 'fast',
      user_name: 'Otto Client',
    });
    const [row] = await activityOf(ctx.handle.db, 'account', data.id);
    expect(row).toMatchObject({
      kind: 'account.created',
      properties: { name: 'Staff Made' },
      accountIds: [data.id],
      warehouseIds: [ctx.world.warehouses.beta],
    });
  });

  it('gives staff every required-field message at once', async () => {
    const res = await post('admin', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Account name is required'],
      warehouse_ids: ['At least one warehouse is required'],
      status: ['Status is required'],
      account_type: ['Type is required'],
      user_id: ['Account owner is required'],
    });
    const empty = await post('admin', {
      name: 'X',
      warehouse_ids: [],
      status: 'active',
      account_type: 'regular',
      user_id: 1,
    });
    expect(empty.json().errors.warehouse_ids).toEqual(['At least one warehouse is required']);
  });

  it('requires a client-role owner and existing warehouses', async () => {
    const base = { name: 'X', status: 'active', account_type: 'regular', warehouse_ids: [ctx.world.warehouses.alpha] };
    const staffOwner = await post('admin', { ...base, user_id: ctx.world.users.manager.id });
    expect(staffOwner.json().errors.user_id).toEqual(['The account owner must be a client user.']);
    const missing = await post('admin', { ...base, user_id: ctx.world.users.client.id, warehouse_ids: [999999] });
    expect(missing.json().errors.warehouse_ids).toEqual(['The selected warehouse is invalid.']);
  });

  it('makes a client the owner of an inactive regular account, whatever they send', async () => {
    const res = await post('client', {
      name: 'Cleo Third',
      warehouse_ids: [ctx.world.warehouses.alpha],
      status: 'active',
      account_type: 'fast',
      user_id: ctx.world.users.otherClient.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'inactive',
      account_type: 'regular',
      user_id: ctx.world.users.client.id,
    });
    const list = await ctx.as('client', { method: 'GET', url: '/api/accounts?search=third' });
    expect(list.json().data).toHaveLength(1);
  });

  it('asks a client only for name and warehouses, within their own warehouses', async () => {
    const res = await post('client', {});
    expect(res.json().errors).toEqual({
      name: ['Account name is required'],
      warehouse_ids: ['At least one warehouse is required'],
    });
    const outside = await post('client', { name: 'Elsewhere', warehouse_ids: [ctx.world.warehouses.beta] });
    expect(outside.json().errors.warehouse_ids).toEqual(['The selected warehouse is invalid.']);
  });

  it('is refused to managers (no create accounts)', async () => {
    expect((await post('manager', {})).statusCode).toBe(403);
  });
});

describe('PUT /api/accounts/{id}', () => {
  it('lets staff change name, warehouses, status and owner', async () => {
    const { clientInactive } = ctx.world.accounts;
    const res = await put('admin', clientInactive, {
      name: 'Cleo Dormant Goods',
      status: 'active',
      user_id: ctx.world.users.client.id,
      warehouse_ids: [ctx.world.warehouses.alpha, ctx.world.warehouses.beta],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Account updated successfully');
    expect(res.json().data).toMatchObject({ status: 'active' });
    expect(res.json().data.warehouse_ids.sort()).toEqual(
      [ctx.world.warehouses.alpha, ctx.world.warehouses.beta].sort(),
    );
    const [row] = await activityOf(ctx.handle.db, 'account', clientInactive);
    expect(row).toMatchObject({
      kind: 'account.updated',
      properties: { status_from: 'inactive', status_to: 'active' },
    });
    await put('admin', clientInactive, {
      name: 'Cleo Dormant Goods',
      status: 'inactive',
      user_id: ctx.world.users.client.id,
      warehouse_ids: [ctx.world.warehouses.alpha],
    });
  });

  it('requires status and owner from staff', async () => {
    const res = await put('admin', ctx.world.accounts.clientActive, {
      name: 'X',
      warehouse_ids: [ctx.world.warehouses.alpha],
    });
    expect(res.json().errors).toEqual({ status: ['Status is required'], user_id: ['Account owner is required'] });
  });

  it('lets a client rename their own account but ignores a status or owner they send', async () => {
    const { clientInactive } = ctx.world.accounts;
    const res = await put('client', clientInactive, {
      name: 'Cleo Renamed',
      warehouse_ids: [ctx.world.warehouses.alpha],
      status: 'active',
      user_id: ctx.world.users.otherClient.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Cleo Renamed',
      status: 'inactive',
      user_id: ctx.world.users.client.id,
    });
  });

  it('answers 404 to a client editing another client’s account', async () => {
    const res = await put('client', ctx.world.accounts.otherClient, {
      name: 'Mine',
      warehouse_ids: [ctx.world.warehouses.alpha],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/accountByWarehouseId', () => {
  it('lists the accounts of one warehouse, within the caller’s scope', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const names = async (actor: Actor, wId: number) => {
      const res = await ctx.as(actor, { method: 'GET', url: `/api/accountByWarehouseId?wId=${wId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().accounts).toEqual(res.json().data);
      return (res.json().data as { name: string }[]).map((a) => a.name);
    };
    expect(await names('admin', beta)).toContain('Otto Trading');
    expect(await names('admin', beta)).not.toContain('Cleo Active Goods');
    expect(await names('client', alpha)).toContain('Cleo Active Goods');
    expect(await names('otherManager', alpha)).toEqual([]);
    expect(await names('otherClient', alpha)).toEqual([]);
    const missing = await ctx.as('admin', { method: 'GET', url: '/api/accountByWarehouseId' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.wId).toEqual(['Choose a warehouse (wId).']);
  });
});

describe('unlinking a warehouse from an account', () => {
  it('is refused with 409 while the account keeps stock there, and allowed once it does not', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const created = await post('admin', {
      name: 'Two Site Goods',
      warehouse_ids: [alpha, beta],
      status: 'active',
      account_type: 'regular',
      user_id: ctx.world.users.client.id,
    });
    const account = created.json().data;
    const product = await createProduct(ctx, account.id);
    const stock = await createInventory(ctx, {
      productId: product.id,
      warehouseId: beta,
      accountId: account.id,
      onHand: 4,
    });
    const unlinkBeta = { name: account.name, warehouse_ids: [alpha], status: 'active', user_id: account.user_id };

    const refused = await put('admin', account.id, unlinkBeta);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This account still keeps stock in a warehouse you removed. Move or remove that stock first.',
    );
    const unchanged = await ctx.as('admin', { method: 'GET', url: `/api/accounts/${account.id}` });
    expect(unchanged.json().data.warehouse_ids.sort()).toEqual([alpha, beta].sort());

    // Dropping alpha, where it keeps nothing, is fine; so is beta once its stock row is gone.
    expect((await put('admin', account.id, { ...unlinkBeta, warehouse_ids: [beta] })).statusCode).toBe(200);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/inventories/${stock.id}` })).statusCode).toBe(200);
    expect((await put('admin', account.id, { ...unlinkBeta, warehouse_ids: [alpha] })).statusCode).toBe(200);
  });
});

describe('PUT /api/accounts/{id}/status', () => {
  it('lets staff change the status, and records it', async () => {
    const { otherClient } = ctx.world.accounts;
    const res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/accounts/${otherClient}/status`,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Status updated successfully', data: { status: 'inactive' } });
    const [row] = await activityOf(ctx.handle.db, 'account', otherClient);
    expect(row).toMatchObject({ kind: 'account.status_changed', properties: { from: 'active', to: 'inactive' } });
  });

  it('requires a valid status', async () => {
    const url = `/api/accounts/${ctx.world.accounts.otherClient}/status`;
    const res = await ctx.as('admin', { method: 'PUT', url, payload: { status: 'paused' } });
    expect(res.json().errors.status).toEqual(['Status is required']);
  });

  it('is refused to clients, even on their own account', async () => {
    const url = `/api/accounts/${ctx.world.accounts.clientInactive}/status`;
    const res = await ctx.as('client', { method: 'PUT', url, payload: { status: 'active' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only staff can change the status of an account.');
  });
});

describe('DELETE /api/accounts/{id}', () => {
  it('deletes an account with no data, and records it', async () => {
    const created = await post('admin', {
      name: 'Short Lived',
      status: 'inactive',
      account_type: 'regular',
      user_id: ctx.world.users.client.id,
      warehouse_ids: [ctx.world.warehouses.alpha],
    });
    const id = created.json().data.id;
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/accounts/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted successfully' });
    expect((await activityOf(ctx.handle.db, 'account', id))[0]).toMatchObject({
      kind: 'account.deleted',
      properties: { name: 'Short Lived' },
      accountIds: [id],
      warehouseIds: [ctx.world.warehouses.alpha],
    });
  });

  it('refuses with 409 an account that owns products', async () => {
    const { sql } = await import('drizzle-orm');
    const { clientActive } = ctx.world.accounts;
    await ctx.handle.db.execute(
      sql`insert into products (account_id, name, sku) values (${clientActive}, 'Tent', 'TENT-1')`,
    );
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/accounts/${clientActive}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Set it to inactive/);
  });

  it('answers 404 out of scope and 403 without delete accounts', async () => {
    expect(
      (await ctx.as('client', { method: 'DELETE', url: `/api/accounts/${ctx.world.accounts.clientActive}` }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.as('admin', { method: 'DELETE', url: '/api/accounts/999999' })).statusCode).toBe(404);
  });
});
