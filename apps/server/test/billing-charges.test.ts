import type { BillingPreview } from '@wms/contract/billing';
import { addDays } from '@wms/contract/billing';
import type { Rates } from '@wms/contract/rate-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The charge paths billing-month.test.ts does not reach: storage per occupied location per day by location type,
 * the minimum monthly top-up, and the per-type on/off switch set through the rate-card API. Nell's stock is received
 * today into three locations of warehouse Alpha (UTC) and then stays put, so every day of next month has the same
 * end-of-day balances: a whole calendar month of D days, priced by a version the API saves from tomorrow on.
 *
 *   storage-type locations S1 (10 units) and S2 (4 units), pick-type location K1 (2 units): 16 units.
 *   Per day: 16 unit-days, 2 storage location-days, 1 pick location-day.
 *   Rates: $0.01 a unit-day, $0.50 a storage location-day, $1.25 a pick location-day, minimum $100.00 a month.
 *   Month: 16·D × $0.01 = $0.16·D; 2·D × $0.50 = $1.00·D; D × $1.25 = $1.25·D → $2.41·D, below $100 for any D
 *   (at most $74.71), so the minimum tops it up to $100.00 exactly.
 */
let ctx: TestContext;
let account: number;
let defaultCard: number;
let month: { from: string; to: string; days: number };

const on = (rate_micros: number, enabled = true) => ({ rate_micros, enabled });
const rates = (switches: { pick?: boolean; minimum?: boolean } = {}): Rates => ({
  storage_unit_day: on(10_000),
  storage_location_day_storage: on(500_000),
  storage_location_day_pick: on(1_250_000, switches.pick ?? true),
  monthly_minimum: on(100_000_000, switches.minimum ?? true),
});

async function location(code: string, type: string): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${ctx.world.warehouses.alpha}/locations`,
    payload: { code, zone: 'B', type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id;
}

async function receive(productId: number, putaway: { location_id: number; quantity: number }[]): Promise<void> {
  const quantity = putaway.reduce((sum, p) => sum + p.quantity, 0);
  const created = await ctx.as('admin', {
    method: 'POST',
    url: '/api/shipments',
    payload: { account_id: account, warehouse_id: ctx.world.warehouses.alpha, product_id: productId, quantity },
  });
  expect(created.statusCode, created.body).toBe(201);
  const shipment = created.json().data as { id: number; lines: { id: number }[] };
  const verified = await ctx.as('admin', {
    method: 'POST',
    url: `/api/shipments/${shipment.id}/verify`,
    payload: { lines: [{ line_id: shipment.lines[0]!.id, received_quantity: quantity, putaway }] },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

const saveDefaultRates = async (value: Rates) => {
  const res = await ctx.as('admin', {
    method: 'PUT',
    url: `/api/rate-cards/${defaultCard}`,
    payload: { effective_from: addDays(new Date().toISOString().slice(0, 10), 1), rates: value },
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function preview(): Promise<BillingPreview> {
  const res = await ctx.as('admin', {
    method: 'GET',
    url: `/api/billing/preview?account_id=${account}&from=${month.from}&to=${month.to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preview;
}
const group = (p: BillingPreview, type: string) => p.groups.find((g) => g.charge_type === type);

beforeAll(async () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0));
  month = { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10), days: last.getUTCDate() };
  // The billing clock past next month: a preview derives charges only for days that have happened.
  const afterMonth = new Date(`${addDays(month.to, 1)}T12:00:00Z`);
  ctx = await createTestContext({}, { billingClock: () => afterMonth });
  account = ctx.world.accounts.neighbourActive;
  defaultCard = (await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' })).json().rate_cards[0].id;

  const s1 = await location('BILL-S1', 'storage');
  const s2 = await location('BILL-S2', 'storage');
  const k1 = await location('BILL-K1', 'pick');
  await location('BILL-EMPTY', 'storage'); // never used: never billed
  const tent = await createProduct(ctx, account);
  const stove = await createProduct(ctx, account);
  await receive(tent.id, [{ location_id: s1, quantity: 10 }]);
  await receive(stove.id, [
    { location_id: s2, quantity: 4 },
    { location_id: k1, quantity: 2 },
  ]);
});
afterAll(() => ctx.close());

describe('storage per occupied location per day, the minimum, the on/off switch', () => {
  it('bills each occupied location every day by its type, and tops the month up to the minimum', async () => {
    await saveDefaultRates(rates());
    const p = await preview();
    const D = month.days;
    expect(group(p, 'storage_unit_day')?.lines.map((l) => [l.quantity, l.amount_cents])).toEqual([[16 * D, 16 * D]]);
    const storage = group(p, 'storage_location_day_storage')!;
    expect(storage.lines.map((l) => [l.quantity, l.rate_micros, l.amount_cents])).toEqual([[2 * D, 500_000, 100 * D]]);
    // One evidence row per day: "2 storage locations" on each.
    expect(storage.lines[0]!.evidence).toHaveLength(D);
    expect(storage.lines[0]!.evidence[0]).toMatchObject({ kind: 'location_day', date: month.from, quantity: 2 });
    expect(storage.lines[0]!.evidence.at(-1)).toMatchObject({ date: month.to, reference: '2 storage locations' });
    const pick = group(p, 'storage_location_day_pick')!;
    expect(pick.lines.map((l) => [l.quantity, l.amount_cents])).toEqual([[D, 125 * D]]);
    expect(pick.lines[0]!.evidence[0]?.reference).toBe('1 pick location');

    // Charges $2.41 × D, the minimum tops them up to $100.00: the top-up line says what was charged.
    const charged = 16 * D + 100 * D + 125 * D;
    const minimum = group(p, 'monthly_minimum')!;
    expect(minimum.lines).toEqual([
      expect.objectContaining({
        quantity: 1,
        amount_cents: 10_000 - charged,
        rate_micros: (10_000 - charged) * 10_000,
      }),
    ]);
    expect(minimum.lines[0]!.evidence).toEqual([
      { kind: 'minimum', id: null, reference: month.from.slice(0, 7), date: month.to, quantity: charged },
    ]);
    expect(p.total_cents).toBe(10_000);
  });

  it('a charge type switched off through the API is not billed; switched on again, it is', async () => {
    // The same version (tomorrow's) edited in place: pick locations and the minimum off.
    await saveDefaultRates(rates({ pick: false, minimum: false }));
    const off = await preview();
    const D = month.days;
    expect(group(off, 'storage_location_day_pick')).toBeUndefined();
    expect(group(off, 'monthly_minimum')).toBeUndefined();
    expect(off.total_cents).toBe(16 * D + 100 * D);

    await saveDefaultRates(rates({ minimum: false }));
    const back = await preview();
    expect(group(back, 'storage_location_day_pick')?.total_cents).toBe(125 * D);
    expect(back.total_cents).toBe(16 * D + 100 * D + 125 * D);
  });

  it('no top-up when the month already comes to the minimum, nor for a month only partly in the period', async () => {
    const D = month.days;
    // A minimum equal to the month's charges: nothing to top up.
    await saveDefaultRates({ ...rates(), monthly_minimum: on((16 * D + 100 * D + 125 * D) * 10_000) });
    expect(group(await preview(), 'monthly_minimum')).toBeUndefined();
    await saveDefaultRates(rates());
    const partial = await ctx.as('admin', {
      method: 'GET',
      url: `/api/billing/preview?account_id=${account}&from=${month.from}&to=${addDays(month.to, -1)}`,
    });
    expect(partial.json().preview.groups.map((g: { charge_type: string }) => g.charge_type)).not.toContain(
      'monthly_minimum',
    );
  });
});
