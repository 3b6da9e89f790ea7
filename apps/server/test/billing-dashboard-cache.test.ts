import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The billing dashboard's unbilled activity with its cache on (BILLING_DASHBOARD_CACHE_SECONDS=60): what another
 * process writes waits for the entry to expire, a manual charge added or deleted through this process shows on the
 * next load. Revenue is never cached.
 */
let ctx: TestContext;
const today = new Date().toISOString().slice(0, 10);
const unbilled = async (actor: 'admin' | 'client' = 'admin') => {
  const res = await ctx.as(actor, { method: 'GET', url: '/api/billing/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard.unbilled as { total_cents: number; by_account: { account_id: number }[] };
};

beforeAll(async () => {
  ctx = await createTestContext({ BILLING_DASHBOARD_CACHE_SECONDS: '60' });
});
afterAll(() => ctx.close());

describe('billing dashboard with the unbilled cache on', () => {
  it('reuses the unbilled figures until this process writes a manual charge', async () => {
    const { clientActive: cleo, otherClient: otto } = ctx.world.accounts;
    expect((await unbilled()).total_cents).toBe(0);

    // Another process (a row written behind this one's back): the cached figures stay until they expire.
    await ctx.handle.db.execute(sql`insert into manual_charges (account_id, charge_date, description, quantity,
        rate_micros) values (${otto}, ${today}::date, 'Written elsewhere', 1, 2000000)`);
    expect((await unbilled()).total_cents).toBe(0);

    // Through this process: the next load derives them again (and so finds the other row too).
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/billing/manual-charges',
      payload: { account_id: cleo, charge_date: today, description: 'Kitting', quantity: 3, rate_micros: 1_000_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await unbilled();
    expect(after.total_cents).toBe(500);
    expect(after.by_account.map((a) => a.account_id)).toEqual([cleo, otto]);

    const deleted = await ctx.as('admin', {
      method: 'DELETE',
      url: `/api/billing/manual-charges/${created.json().manual_charge.id}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await unbilled()).total_cents).toBe(200);
  });
});
