import { BILLING_DASHBOARD_MESSAGES, REVENUE_MONTHS } from '@wms/contract/billing-dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/modules/billing/billing-dashboard/billing-dashboard-service';
import { withPermissions } from './support/grant-permission';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * The staff billing dashboard: revenue = finalized, not void, invoices by the month their period starts
 * in (last 12 months), by account and by charge type from the frozen lines; unbilled = every account's running
 * charges of the current month. No rate card versions here, so every charge is a manual one: figures by hand.
 */
let ctx: TestContext;
const thisMonth = new Date().toISOString().slice(0, 7);
const lastMonth = addMonths(thisMonth, -1);
const twoAgo = addMonths(thisMonth, -2);
const threeAgo = addMonths(thisMonth, -3);
const yearAgo = addMonths(thisMonth, -12);

const monthEnd = (month: string) => new Date(Date.parse(`${addMonths(month, 1)}-01T00:00:00Z`) - 86_400_000);
const charge = async (accountId: number, date: string, quantity: number, rateMicros: number) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/billing/manual-charges',
    payload: { account_id: accountId, charge_date: date, description: 'Kitting', quantity, rate_micros: rateMicros },
  });
  expect(res.statusCode, res.body).toBe(201);
};
/** An invoice of the whole month, finalized (or left a draft). */
const invoice = async (accountId: number, month: string, finalize = true) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/invoices',
    payload: { account_id: accountId, from: `${month}-01`, to: monthEnd(month).toISOString().slice(0, 10) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().invoice.id as number;
  if (finalize) {
    const done = await ctx.as('admin', { method: 'POST', url: `/api/invoices/${id}/finalize` });
    expect(done.statusCode, done.body).toBe(200);
  }
  return id;
};
const dashboard = (actor: Actor = 'admin', query = '') =>
  ctx.as(actor, { method: 'GET', url: `/api/billing/dashboard${query}` });

beforeAll(async () => {
  ctx = await createTestContext();
  const { clientActive: cleo, neighbourActive: nell, otherClient: otto } = ctx.world.accounts;
  // Last month: Cleo 2 × $1.50 = $3.00, Nell 1 × $10.00; two months ago: Otto 4 × $1.25 = $5.00.
  await charge(cleo, `${lastMonth}-10`, 2, 1_500_000);
  await charge(nell, `${lastMonth}-11`, 1, 10_000_000);
  await charge(otto, `${twoAgo}-05`, 4, 1_250_000);
  await invoice(cleo, lastMonth);
  await invoice(nell, lastMonth);
  await invoice(otto, twoAgo);
  // Not revenue: a void invoice (three months ago), a draft (Otto, last month), and one 12 months back (outside).
  await charge(cleo, `${threeAgo}-03`, 1, 99_000_000);
  const voided = await invoice(cleo, threeAgo);
  await ctx.as('admin', { method: 'POST', url: `/api/invoices/${voided}/void`, payload: { reason: 'Duplicate' } });
  await charge(otto, `${lastMonth}-20`, 1, 7_000_000);
  await invoice(otto, lastMonth, false);
  await charge(nell, `${yearAgo}-02`, 1, 50_000_000);
  await invoice(nell, yearAgo);
  // This month so far (unbilled): Cleo 1 × $4.00, Otto 2 × $0.125 = $0.25.
  await charge(cleo, `${thisMonth}-01`, 1, 4_000_000);
  await charge(otto, `${thisMonth}-01`, 2, 125_000);
});
afterAll(() => ctx.close());

describe('billing dashboard', () => {
  it('sums finalized invoices by month, account and charge type, and this month’s unbilled charges', async () => {
    const res = await dashboard();
    expect(res.statusCode, res.body).toBe(200);
    const { revenue, unbilled, currency } = res.json().dashboard;
    expect(currency).toBe('USD');
    expect(revenue.months).toHaveLength(REVENUE_MONTHS);
    expect(revenue.from_month).toBe(addMonths(thisMonth, -11));
    expect(revenue.to_month).toBe(thisMonth);
    const byMonth = Object.fromEntries(revenue.months.map((m: { month: string }) => [m.month, m]));
    expect(byMonth[lastMonth]).toEqual({ month: lastMonth, total_cents: 1300, invoices: 2 });
    expect(byMonth[twoAgo]).toEqual({ month: twoAgo, total_cents: 500, invoices: 1 });
    expect(byMonth[threeAgo]).toEqual({ month: threeAgo, total_cents: 0, invoices: 0 });
    expect(revenue.total_cents).toBe(1800);
    expect(revenue.by_account).toEqual([
      {
        account_id: ctx.world.accounts.neighbourActive,
        account_name: 'Nell Next Door',
        total_cents: 1000,
        invoices: 1,
      },
      { account_id: ctx.world.accounts.otherClient, account_name: 'Otto Trading', total_cents: 500, invoices: 1 },
      { account_id: ctx.world.accounts.clientActive, account_name: 'Cleo Active Goods', total_cents: 300, invoices: 1 },
    ]);
    expect(revenue.by_charge_type).toEqual([{ charge_type: 'manual', label: 'Manual charges', total_cents: 1800 }]);

    expect(unbilled.from).toBe(`${thisMonth}-01`);
    expect(unbilled.total_cents).toBe(425);
    expect(unbilled.by_account).toEqual([
      { account_id: ctx.world.accounts.clientActive, account_name: 'Cleo Active Goods', total_cents: 400 },
      { account_id: ctx.world.accounts.otherClient, account_name: 'Otto Trading', total_cents: 25 },
    ]);
    expect(unbilled.by_charge_type).toEqual([{ charge_type: 'manual', label: 'Manual charges', total_cents: 425 }]);
  });

  it('moves the 12-month window with ?month=, and answers 422 for a month that is not YYYY-MM', async () => {
    const earlier = (await dashboard('admin', `?month=${yearAgo}`)).json().dashboard.revenue;
    expect(earlier.to_month).toBe(yearAgo);
    expect(earlier.total_cents).toBe(5000);
    for (const month of ['2026-13', '2026-1', 'May']) {
      const bad = await dashboard('admin', `?month=${month}`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.month).toEqual([BILLING_DASHBOARD_MESSAGES.monthInvalid]);
    }
  });

  it('is refused (403) to managers and clients, who do not manage billing', async () => {
    for (const actor of ['manager', 'otherManager', 'client', 'neighbourClient'] as const) {
      expect((await dashboard(actor)).statusCode).toBe(403);
    }
  });

  it('keeps to the caller’s accounts when a role is granted the permission', async () => {
    const accountsOf = (body: { dashboard: { revenue: { by_account: { account_name: string }[] } } }) =>
      body.dashboard.revenue.by_account.map((a) => a.account_name);
    // Two clients of one warehouse: each sees only their own revenue and unbilled charges.
    await withPermissions(ctx.handle.db, 'client', ['manage billing'], async () => {
      const cleo = (await dashboard('client')).json();
      expect(accountsOf(cleo)).toEqual(['Cleo Active Goods']);
      expect(cleo.dashboard.revenue.total_cents).toBe(300);
      expect(cleo.dashboard.unbilled.total_cents).toBe(400);
      expect(accountsOf((await dashboard('neighbourClient')).json())).toEqual(['Nell Next Door']);
    });
    // Managers: the accounts of their warehouses.
    await withPermissions(ctx.handle.db, 'manager', ['manage billing'], async () => {
      const alpha = (await dashboard('manager')).json();
      expect(accountsOf(alpha)).toEqual(['Nell Next Door', 'Cleo Active Goods']);
      expect(alpha.dashboard.unbilled.by_account.map((a: { total_cents: number }) => a.total_cents)).toEqual([400]);
      const beta = (await dashboard('otherManager')).json();
      expect(accountsOf(beta)).toEqual(['Otto Trading']);
      expect(beta.dashboard.unbilled.total_cents).toBe(25);
    });
  });
});
