import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountWarehouses } from '../src/db/schema/accounts';
import { createProduct } from './support/catalogue';
import { withPermissions } from './support/grant-permission';
import { createTestContext, type TestContext } from './support/test-app';
import { type Actor, WORLD_PASSWORD } from './support/world';

// An API key limited to an account never reaches more than its creator does now. Two mutants of
// narrowScopeToAccount survived the suite: a client's key kept its account after the account changed owner, and a
// manager's key kept an account once it was linked only to a warehouse the manager does not reach.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function keyFor(actor: Actor, account_id: number): Promise<string> {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/api-keys',
    payload: { name: 'Shop', permissions: ['view products'], account_id, current_password: WORLD_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().secret;
}

const withKey = (secret: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

/** What the key reaches of one product: its id in the list, and the product itself. */
async function reach(secret: string, productId: number) {
  const list = await withKey(secret, '/api/products?per_page=100');
  expect(list.statusCode, list.body).toBe(200);
  const listed = (list.json().data as { id: number }[]).some((p) => p.id === productId);
  return { listed, status: (await withKey(secret, `/api/products/${productId}`)).statusCode };
}

describe('an API key follows its creator’s current reach of its account', () => {
  it("a client's key loses the account once the account changes owner", async () => {
    const account = ctx.world.accounts.clientActive;
    const product = await createProduct(ctx, account);
    const secret = await keyFor('client', account);
    expect(await reach(secret, product.id)).toEqual({ listed: true, status: 200 });
    // The neighbour (a client of the same warehouse) becomes the owner: Cleo no longer owns it, nor does her key.
    await ctx.handle.db
      .update(accounts)
      .set({ userId: ctx.world.users.neighbourClient.id })
      .where(eq(accounts.id, account));
    try {
      expect(await reach(secret, product.id)).toEqual({ listed: false, status: 404 });
    } finally {
      await ctx.handle.db.update(accounts).set({ userId: ctx.world.users.client.id }).where(eq(accounts.id, account));
    }
  });

  it("a manager's key loses an account linked only to a warehouse the manager does not reach", async () => {
    const account = ctx.world.accounts.neighbourActive;
    const product = await createProduct(ctx, account);
    await withPermissions(ctx.handle.db, 'manager', ['view api keys', 'create api keys'], async () => {
      const secret = await keyFor('manager', account);
      expect(await reach(secret, product.id)).toEqual({ listed: true, status: 200 });
      // The account moves from Alpha (the manager's) to Beta (not theirs).
      const link = and(
        eq(accountWarehouses.accountId, account),
        eq(accountWarehouses.warehouseId, ctx.world.warehouses.alpha),
      );
      await ctx.handle.db.delete(accountWarehouses).where(link);
      await ctx.handle.db
        .insert(accountWarehouses)
        .values({ accountId: account, warehouseId: ctx.world.warehouses.beta });
      expect(await reach(secret, product.id)).toEqual({ listed: false, status: 404 });
    });
  });
});
