import { KIT_MESSAGES } from '@wms/contract/kits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const idsOf = (body: { data: { id: number; kind: string }[] }) => body.data.map((p) => p.id);

describe('GET /api/products?kind=', () => {
  it('lists only the kind asked, within the caller’s scope (two tenants side by side)', async () => {
    const mine = ctx.world.accounts.clientActive;
    const theirs = ctx.world.accounts.otherClient;
    const standard = await createProduct(ctx, mine);
    const bundle = await createProduct(ctx, mine, { kind: 'bundle' });
    const assembled = await createProduct(ctx, mine, { kind: 'assembled' });
    const theirBundle = await createProduct(ctx, theirs, { kind: 'bundle' });

    // The client: its own account's bundles only, by the account route and the scoped list alike.
    const byAccount = await ctx.as('client', {
      method: 'GET',
      url: `/api/accounts/${mine}/products?kind=bundle&per_page=100`,
    });
    expect(byAccount.statusCode, byAccount.body).toBe(200);
    expect(idsOf(byAccount.json())).toContain(bundle.id);
    expect(idsOf(byAccount.json())).not.toContain(assembled.id);
    expect(idsOf(byAccount.json())).not.toContain(standard.id);
    expect(byAccount.json().data.every((p: { kind: string }) => p.kind === 'bundle')).toBe(true);
    const scoped = await ctx.as('client', { method: 'GET', url: '/api/products?kind=bundle&per_page=100' });
    expect(idsOf(scoped.json())).toContain(bundle.id);
    expect(idsOf(scoped.json())).not.toContain(theirBundle.id);
    // The other tenant's account stays out of reach with the filter too.
    const across = await ctx.as('client', { method: 'GET', url: `/api/accounts/${theirs}/products?kind=bundle` });
    expect(across.statusCode).toBe(404);

    // Staff see every account's kits of that kind; without the filter every kind.
    const staff = await ctx.as('admin', { method: 'GET', url: '/api/products?kind=bundle&per_page=100' });
    expect(idsOf(staff.json())).toEqual(expect.arrayContaining([bundle.id, theirBundle.id]));
    expect(idsOf(staff.json())).not.toContain(assembled.id);
    const standards = await ctx.as('admin', {
      method: 'GET',
      url: `/api/products?kind=standard&account_id=${mine}&per_page=100`,
    });
    expect(idsOf(standards.json())).toContain(standard.id);
    expect(idsOf(standards.json())).not.toEqual(expect.arrayContaining([bundle.id]));
    const all = await ctx.as('admin', { method: 'GET', url: `/api/products?account_id=${mine}&per_page=100` });
    expect(idsOf(all.json())).toEqual(expect.arrayContaining([standard.id, bundle.id, assembled.id]));
  });

  it('refuses an unknown kind with the message on kind', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/products?kind=virtual' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.kind).toEqual([KIT_MESSAGES.kindInvalid]);
  });

  it('a kit kind within an account is served by the partial kit index, newest first', async () => {
    const plan = await ctx.handle.db.transaction(async (tx) => {
      // Tiny test tables would be read whole; with sequential scans priced out the planner shows what serves it.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from products where account_id = ${ctx.world.accounts.clientActive}
          and kind = 'bundle' order by id desc limit 26`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('products_account_kit_kind_idx');
  });
});
