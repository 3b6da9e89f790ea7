import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema/activity';
import { activityOf } from './support/activity';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * Master-data changes record typed events with every warehouse and account they concern, readable in
 * the dashboard's recent activity by exactly the readers who reach one of them, and kept (with their text) after
 * the subject is deleted. Each check reads the feed right after the change, so its event is among the newest.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function feed(actor: Actor): Promise<string[]> {
  const res = await ctx.as(actor, { method: 'GET', url: '/api/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.recent_activity.map((a: { title: string }) => a.title);
}

interface Readers {
  see: Actor[];
  notSee: Actor[];
}

async function expectReaders(title: string, readers: Readers): Promise<void> {
  for (const actor of readers.see) expect(await feed(actor), `${actor} should see "${title}"`).toContain(title);
  for (const actor of readers.notSee)
    expect(await feed(actor), `${actor} must not see "${title}"`).not.toContain(title);
}

async function ok(actor: Actor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await ctx.as(actor, { method, url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe('typed activity events of master data', () => {
  it('an account update reaches its owner and the managers of its warehouses, not the neighbour or Beta', async () => {
    const { clientActive } = ctx.world.accounts;
    await ok('admin', 'PUT', `/api/accounts/${clientActive}`, {
      name: 'Cleo Active Goods',
      warehouse_ids: [ctx.world.warehouses.alpha],
      status: 'active',
      user_id: ctx.world.users.client.id,
    });
    await expectReaders('Account Cleo Active Goods updated', {
      see: ['client', 'manager', 'admin', 'superAdmin'],
      notSee: ['neighbourClient', 'otherClient', 'otherManager'],
    });
  });

  it('an account linked to two warehouses is seen by the managers of both, and its deletion keeps the events', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const created = await ok('admin', 'POST', '/api/accounts', {
      name: 'Twin Storage',
      warehouse_ids: [alpha, beta],
      status: 'active',
      account_type: 'regular',
      user_id: ctx.world.users.client.id,
    });
    await expectReaders('Account Twin Storage created', {
      see: ['client', 'manager', 'otherManager'],
      notSee: ['neighbourClient', 'otherClient'],
    });

    await ok('admin', 'DELETE', `/api/accounts/${created.data.id}`);
    // The account is gone, but its events keep their scope and text (managers of both warehouses still read them).
    for (const title of ['Account Twin Storage created', 'Account Twin Storage deleted']) {
      await expectReaders(title, {
        see: ['manager', 'otherManager', 'admin'],
        notSee: ['neighbourClient', 'otherClient'],
      });
    }
    const rows = await activityOf(ctx.handle.db, 'account', created.data.id);
    expect(rows.map((r) => r.kind)).toEqual(['account.deleted', 'account.created']);
    expect(rows[0]).toMatchObject({ warehouseIds: [alpha, beta], accountIds: [created.data.id] });
  });

  it('a product created by a client reaches its account and warehouse, and survives the product', async () => {
    const { clientActive } = ctx.world.accounts;
    const product = await createProduct(ctx, clientActive, { name: 'Feed lamp' }, 'client');
    const readers: Readers = {
      see: ['client', 'manager', 'admin'],
      notSee: ['neighbourClient', 'otherClient', 'otherManager'],
    };
    await expectReaders(`Product ${product.sku} created`, readers);

    await ok('admin', 'DELETE', `/api/products/${product.id}`);
    await expectReaders(`Product ${product.sku} created`, readers);
    await expectReaders(`Product ${product.sku} deleted`, readers);
  });

  it('an inventory adjustment reaches the row’s account and warehouse only', async () => {
    const { clientActive } = ctx.world.accounts;
    const product = await createProduct(ctx, clientActive, { name: 'Feed mug' });
    const inventory = await createInventory(ctx, {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: clientActive,
      onHand: 4,
    });
    await ok('manager', 'POST', `/api/inventories/${inventory.id}/adjust`, {
      type: 'on_hand',
      quantity_change: 3,
      reason: 'Found on shelf',
    });
    await expectReaders(`On hand of ${product.sku} adjusted by +3`, {
      see: ['client', 'manager', 'admin'],
      notSee: ['neighbourClient', 'otherClient', 'otherManager'],
    });
  });

  it('a warehouse update reaches the warehouse’s manager, not the other manager nor clients', async () => {
    await ok('admin', 'PUT', `/api/warehouses/${ctx.world.warehouses.alpha}`, { name: 'Alpha Warehouse', code: 'ALP' });
    await expectReaders('Warehouse Alpha Warehouse updated', {
      see: ['manager', 'admin'],
      notSee: ['otherManager', 'client', 'neighbourClient'],
    });
  });

  it('a user created in Beta reaches Beta’s manager only', async () => {
    await ok('admin', 'POST', '/api/users', {
      name: 'Bea Beta',
      email: 'bea.beta@test.example.com',
      role: 'manager',
      warehouse_ids: [ctx.world.warehouses.beta],
    });
    await expectReaders('User Bea Beta created', {
      see: ['otherManager', 'admin'],
      notSee: ['manager', 'client', 'otherClient'],
    });
  });

  it('global events (shippers) are read only by those who see everything', async () => {
    await ok('admin', 'POST', '/api/shippers', { name: 'Feed Freight', code: 'FEEDF', is_active: true });
    await expectReaders('Shipper Feed Freight created', {
      see: ['admin', 'superAdmin'],
      notSee: ['manager', 'otherManager', 'client', 'neighbourClient', 'otherClient'],
    });
  });

  it('still shows untyped rows written before typed events, with their stored text, within scope', async () => {
    await ctx.handle.db.insert(activity).values({
      kind: 'legacy',
      action: 'updated',
      subjectType: 'account',
      subjectId: ctx.world.accounts.clientActive,
      description: 'Account Cleo Active Goods updated long ago',
      warehouseIds: [ctx.world.warehouses.alpha],
      accountIds: [ctx.world.accounts.clientActive],
    });
    await expectReaders('Account Cleo Active Goods updated long ago', {
      see: ['client', 'manager'],
      notSee: ['neighbourClient', 'otherManager'],
    });
  });
});
