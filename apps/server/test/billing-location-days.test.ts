import type { BillingPreview } from '@wms/contract/billing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCards, rateCardVersions } from '../src/db/schema/rate-cards';
import { warehouses } from '../src/db/schema/warehouses';
import { createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Occupied locations per day, by location type, in February 2026 of warehouse Alpha set to New York
 * (UTC−5). The account's ledger (location parts as the ledger writes them): 10 units into bin S1 on Jan 30; on
 * Feb 10 at 23:30 local (04:30 UTC on the 11th) all 10 move to pick face P1. S1 is occupied at the end of Feb 1–9
 * (9 days), P1 at the end of Feb 10–28 (19 days). Another account's 7 units in S2 all month are not this account's.
 */
let ctx: TestContext;
let account: number;

beforeAll(async () => {
  ctx = await createTestContext();
  account = ctx.world.accounts.clientActive;
  const other = ctx.world.accounts.neighbourActive;
  const alpha = ctx.world.warehouses.alpha;
  const db = ctx.handle.db;
  await db.update(warehouses).set({ timezone: 'America/New_York' }).where(eq(warehouses.id, alpha));
  await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' }); // makes sure the default card exists
  const [defaultCard] = await db.select().from(rateCards).where(sql`${rateCards.accountId} is null`);
  await db.insert(rateCardVersions).values({
    rateCardId: defaultCard!.id,
    effectiveFrom: '2026-01-01',
    rates: {
      storage_location_day_storage: { rate_micros: 1_000_000, enabled: true },
      storage_location_day_pick: { rate_micros: 500_000, enabled: true },
    },
  });
  const location = async (code: string, type: string) =>
    (
      (await db.execute(sql`insert into locations (warehouse_id, code, sort_key, zone, type)
        values (${alpha}, ${code}, ${code}, 'BILL', ${type}) returning id`)) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
  const s1 = await location('BILL-S1', 'storage');
  const s2 = await location('BILL-S2', 'storage');
  const p1 = await location('BILL-P1', 'pick');
  const product = await createProduct(ctx, account);
  const move = (accountId: number, type: string, locationId: number, delta: number, part: number, at: string) =>
    db.execute(sql`insert into inventory_movements (product_id, warehouse_id, account_id, type, on_hand_delta,
        reserved_delta, on_hand_after, reserved_after, location_id, location_delta, location_part, created_at)
      values (${product.id}, ${alpha}, ${accountId}, ${type}, ${type === 'move' ? 0 : delta}, 0, 0, 0, ${locationId},
        ${delta}, ${part}, ${at}::timestamptz)`);
  await move(account, 'adjustment', s1, 10, 1, '2026-01-30T17:00:00Z');
  await move(account, 'move', s1, -10, 1, '2026-02-11T04:30:00Z');
  await move(account, 'move', p1, 10, 2, '2026-02-11T04:30:00Z');
  await move(other, 'adjustment', s2, 7, 1, '2026-01-20T17:00:00Z');
});
afterAll(() => ctx.close());

describe('occupied location days', () => {
  it("counts a location on the days the account's units lie there at the end of the local day", async () => {
    const res = await ctx.as('admin', {
      method: 'GET',
      url: `/api/billing/preview?account_id=${account}&from=2026-02-01&to=2026-02-28`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().preview as BillingPreview;
    const group = (type: string) => preview.groups.find((g) => g.charge_type === type);
    expect(group('storage_location_day_storage')?.lines.map((l) => l.quantity)).toEqual([9]);
    expect(group('storage_location_day_storage')?.total_cents).toBe(900);
    expect(group('storage_location_day_pick')?.lines.map((l) => l.quantity)).toEqual([19]);
    expect(group('storage_location_day_pick')?.lines[0]?.evidence[0]).toMatchObject({
      date: '2026-02-10',
      quantity: 1,
    });
    expect(group('storage_location_day_pick')?.total_cents).toBe(950);
  });
});
