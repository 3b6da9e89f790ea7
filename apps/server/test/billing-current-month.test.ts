import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWarehouses } from '../src/db/schema/accounts';
import { warehouses } from '../src/db/schema/warehouses';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * "The current month" of running charges and of the billing dashboard's unbilled activity follows the time zones of
 * each account's warehouses, on a fixed clock: 2026-02-28 11:30 UTC is already 00:30 on 1 March in
 * Auckland (NZDT, UTC+13) and still 28 February in UTC. Beta is in Auckland, Alpha in UTC.
 */
const NOW = new Date('2026-02-28T11:30:00Z');
let ctx: TestContext;
let otto: number;
let cleo: number;
let nell: number;

const charge = async (accountId: number, date: string, description: string) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/billing/manual-charges',
    payload: { account_id: accountId, charge_date: date, description, quantity: 1, rate_micros: 1_000_000 },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const descriptionsOf = (preview: { groups: { lines: { description: string }[] }[] }) =>
  preview.groups.flatMap((g) => g.lines.map((l) => l.description));

beforeAll(async () => {
  ctx = await createTestContext({}, { billingClock: () => NOW });
  ({ otherClient: otto, clientActive: cleo, neighbourActive: nell } = ctx.world.accounts);
  const db = ctx.handle.db;
  await db.update(warehouses).set({ timezone: 'Pacific/Auckland' }).where(eq(warehouses.id, ctx.world.warehouses.beta));
  // Nell's account is in Alpha (UTC) and Beta (Auckland): its "today" is the latest of the two, 1 March.
  await db.insert(accountWarehouses).values({ accountId: nell, warehouseId: ctx.world.warehouses.beta });
  await charge(otto, '2026-02-27', 'Otto February');
  await charge(otto, '2026-03-01', 'Otto March');
  await charge(cleo, '2026-02-10', 'Cleo February');
  await charge(nell, '2026-02-20', 'Nell February');
  await charge(nell, '2026-03-01', 'Nell March');
});
afterAll(() => ctx.close());

describe('the current month in the warehouses’ time zones', () => {
  it('starts the running charges’ new month at the first local midnight of the 1st', async () => {
    const running = async (actor: Actor, accountId: number) => {
      const res = await ctx.as(actor, { method: 'GET', url: `/api/billing/running-charges?account_id=${accountId}` });
      expect(res.statusCode, res.body).toBe(200);
      const { from, to, groups } = res.json().preview;
      return { period: [from, to], lines: descriptionsOf({ groups }) };
    };
    expect(await running('otherClient', otto)).toEqual({ period: ['2026-03-01', '2026-03-01'], lines: ['Otto March'] });
    expect(await running('client', cleo)).toEqual({ period: ['2026-02-01', '2026-02-28'], lines: ['Cleo February'] });
    expect(await running('neighbourClient', nell)).toEqual({
      period: ['2026-03-01', '2026-03-01'],
      lines: ['Nell March'],
    });
  });

  it('sums each account’s own current month on the dashboard', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/billing/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    const { unbilled, revenue } = res.json().dashboard;
    // From the earliest first day to the latest "today" of the accounts' periods.
    expect([unbilled.from, unbilled.to]).toEqual(['2026-02-01', '2026-03-01']);
    const totals = Object.fromEntries(
      unbilled.by_account.map((a: { account_id: number; total_cents: number }) => [a.account_id, a.total_cents]),
    );
    expect(totals).toEqual({ [otto]: 100, [cleo]: 100, [nell]: 100 });
    expect(unbilled.total_cents).toBe(300);
    // The revenue window ends with the latest current month of the accounts.
    expect(revenue.to_month).toBe('2026-03');
  });
});
