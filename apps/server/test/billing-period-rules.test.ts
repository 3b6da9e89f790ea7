import type { BillingPreview } from '@wms/contract/billing';
import type { Rates } from '@wms/contract/rate-cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCards, rateCardVersions } from '../src/db/schema/rate-cards';
import { warehouses } from '../src/db/schema/warehouses';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Which days a preview charges, on a fixed billing clock (2026-03-10 noon UTC): Cleo's 100 units arrive in warehouse
 * Alpha (UTC) on 2026-01-20 and stay. Default rates from 2026-01-01: $0.01 a unit-day, a $20.00 monthly minimum.
 *
 *   January 20–31: 12 days × 100 = 1 200 unit-days = $12.00 → topped up by $8.00 to the minimum.
 *   February: 28 days × 100 = 2 800 unit-days = $28.00 → above the minimum, no top-up.
 *   March 1–10 (today): 10 days × 100 = 1 000 unit-days = $10.00 → topped up by $10.00; March 11–31 have not happened.
 */
const NOW = new Date('2026-03-10T12:00:00Z');
let ctx: TestContext;
let account: number;

const rates: Rates = {
  storage_unit_day: { rate_micros: 10_000, enabled: true },
  monthly_minimum: { rate_micros: 20_000_000, enabled: true },
};

async function preview(from: string, to: string): Promise<BillingPreview> {
  const res = await ctx.as('admin', {
    method: 'GET',
    url: `/api/billing/preview?account_id=${account}&from=${from}&to=${to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preview;
}
const linesOf = (p: BillingPreview, type: string) =>
  (p.groups.find((g) => g.charge_type === type)?.lines ?? []).map((l) => ({
    quantity: l.quantity,
    amount_cents: l.amount_cents,
  }));

beforeAll(async () => {
  ctx = await createTestContext({}, { billingClock: () => NOW });
  account = ctx.world.accounts.clientActive;
  const alpha = ctx.world.warehouses.alpha;
  const db = ctx.handle.db;
  await db.update(warehouses).set({ timezone: 'UTC' }).where(eq(warehouses.id, alpha));
  await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' }); // makes sure the default card exists
  const [defaultCard] = await db.select().from(rateCards).where(sql`${rateCards.accountId} is null`);
  await db.insert(rateCardVersions).values({ rateCardId: defaultCard!.id, effectiveFrom: '2026-01-01', rates });

  const product = await createProduct(ctx, account);
  await createInventory(ctx, { productId: product.id, warehouseId: alpha, accountId: account, onHand: 0 });
  const created = await ctx.as('admin', {
    method: 'POST',
    url: '/api/shipments',
    payload: { account_id: account, warehouse_id: alpha, product_id: product.id, quantity: 100 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const verified = await ctx.as('admin', { method: 'POST', url: `/api/shipments/${id}/verify`, payload: {} });
  expect(verified.statusCode, verified.body).toBe(200);
  const instant = sql`'2026-01-20T12:00:00Z'::timestamptz`;
  await db.execute(sql`update shipments set verified_at = ${instant} where id = ${id}`);
  await db.execute(sql`update inventory_movements set created_at = ${instant}
    where reference_type = 'shipment' and reference_id = ${id}`);
});
afterAll(() => ctx.close());

describe('a period running past today', () => {
  it('charges storage up to today only, and says so', async () => {
    const march = await preview('2026-03-01', '2026-03-31');
    expect(march.derived_until).toBe('2026-03-10');
    expect(linesOf(march, 'storage_unit_day')).toEqual([{ quantity: 1_000, amount_cents: 1_000 }]);
    // The minimum is the month's fee whatever its days: March's $10.00 so far is topped up to $20.00.
    expect(linesOf(march, 'monthly_minimum')).toEqual([{ quantity: 1, amount_cents: 1_000 }]);
    expect(march.total_cents).toBe(2_000);
  });

  it('derives nothing for a period that has not begun, and everything for one that has ended', async () => {
    const april = await preview('2026-04-01', '2026-04-30');
    expect(april.derived_until).toBe('2026-03-10');
    expect(linesOf(april, 'storage_unit_day')).toEqual([]);
    expect(april.total_cents).toBe(2_000);

    const february = await preview('2026-02-01', '2026-02-28');
    expect(february.derived_until).toBe('2026-02-28');
    expect(linesOf(february, 'storage_unit_day')).toEqual([{ quantity: 2_800, amount_cents: 2_800 }]);
  });

  it('a client’s running charges stop at today too', async () => {
    const res = await ctx.as('client', { method: 'GET', url: `/api/billing/running-charges?account_id=${account}` });
    expect(res.statusCode, res.body).toBe(200);
    const running: BillingPreview = res.json().preview;
    expect([running.from, running.to, running.derived_until]).toEqual(['2026-03-01', '2026-03-10', '2026-03-10']);
    expect(linesOf(running, 'storage_unit_day')).toEqual([{ quantity: 1_000, amount_cents: 1_000 }]);
  });
});

describe('charge lines of a period over several months', () => {
  it('splits each charge type’s line by month and applies the minimum to each month', async () => {
    const p = await preview('2026-01-01', '2026-02-28');
    // One storage line per month, not one over the period.
    expect(linesOf(p, 'storage_unit_day')).toEqual([
      { quantity: 1_200, amount_cents: 1_200 },
      { quantity: 2_800, amount_cents: 2_800 },
    ]);
    // January's $12.00 is below the minimum (+$8.00) though the period's $40.00 is not; February needs none.
    const minimum = p.groups.find((g) => g.charge_type === 'monthly_minimum')?.lines ?? [];
    expect(minimum.map((l) => [l.evidence[0]?.reference, l.amount_cents])).toEqual([['2026-01', 800]]);
    expect(p.total_cents).toBe(4_800);
  });
});
