import type { BillingPreview } from '@wms/contract/billing';
import { INVOICE_MESSAGES } from '@wms/contract/invoices';
import type { Rates } from '@wms/contract/rate-cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/auth/scope';
import { rateCards, rateCardVersions } from '../src/db/schema/rate-cards';
import { warehouses } from '../src/db/schema/warehouses';
import { chargeFacts, dailyFactsOfAccounts } from '../src/modules/billing/charges/fact-statements';
import { unbilledAccounts, unbilledCharges } from '../src/modules/billing/charges/unbilled-charges';
import { createInventory, createProduct } from './support/catalogue';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { createOrder, samplePdf, verifyAllItems } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The hand-computed month: January 2026 of Cleo's account in warehouse Alpha, whose zone is New York
 * (UTC−5 all January, no DST change). Facts are made through the real flows (verify, ship, upload) and then moved
 * to their January instants, as if they had happened then. Every expected figure is worked out by hand below.
 */
let ctx: TestContext;
const storage = new MemoryFileStorage();
const FROM = '2026-01-01';
const TO = '2026-01-31';
let account: number;
let o2: { id: number; orderNumber: string };

const usd = (text: string) => Math.round(Number(text) * 1_000_000); // test input only: exact for these literals
const rates = (overrides: Partial<Record<string, string>> = {}): Rates => {
  const base: Record<string, string> = {
    receiving_shipment: '25.00',
    receiving_unit: '0.10',
    storage_unit_day: '0.015',
    fulfilment_order: '2.50',
    fulfilment_extra_line: '0.50',
    fulfilment_extra_unit: '0.25',
    label_upload: '0.35',
    merge_item: '1.00',
    monthly_minimum: '50.00',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(base).map(([type, rate]) => [type, { rate_micros: usd(rate!), enabled: true }]),
  ) as Rates;
};

const db = () => ctx.handle.db;
const at = (iso: string) => sql`${iso}::timestamptz`;

async function receive(productId: number, quantity: number, instant: string): Promise<number> {
  const created = await ctx.as('admin', {
    method: 'POST',
    url: '/api/shipments',
    payload: { account_id: account, warehouse_id: ctx.world.warehouses.alpha, product_id: productId, quantity },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await ctx.as('admin', { method: 'POST', url: `/api/shipments/${id}/verify`, payload: {} })).statusCode).toBe(
    200,
  );
  await db().execute(sql`update shipments set verified_at = ${at(instant)} where id = ${id}`);
  await db().execute(sql`update inventory_movements set created_at = ${at(instant)}
    where reference_type = 'shipment' and reference_id = ${id}`);
  return id;
}

async function ship(orderId: number, instant: string): Promise<void> {
  await verifyAllItems(ctx, orderId);
  const res = await ctx.as('admin', {
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    payload: { status: 'shipped' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await db().execute(sql`update orders set shipped_at = ${at(instant)} where id = ${orderId}`);
  await db().execute(sql`update inventory_movements set created_at = ${at(instant)}
    where reference_type = 'order' and reference_id = ${orderId}`);
}

async function preview(): Promise<BillingPreview> {
  const res = await ctx.as('admin', {
    method: 'GET',
    url: `/api/billing/preview?account_id=${account}&from=${FROM}&to=${TO}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preview;
}
const group = (p: BillingPreview, type: string) => p.groups.find((g) => g.charge_type === type);

beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: storage });
  account = ctx.world.accounts.clientActive;
  const alpha = ctx.world.warehouses.alpha;
  await db().update(warehouses).set({ timezone: 'America/New_York' }).where(eq(warehouses.id, alpha));

  // Rate history (the API only takes dates from today on; this is the history as it would have been entered):
  // default card from 2025-12-01, storage raised from $0.015 to $0.02 a unit-day on 2026-01-15; Cleo's own card
  // overrides only the per-order fee ($2.00 instead of $2.50).
  await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' }); // makes sure the default card exists
  const [defaultCard] = await db().select().from(rateCards).where(sql`${rateCards.accountId} is null`);
  const [own] = await db().insert(rateCards).values({ accountId: account }).returning();
  await db()
    .insert(rateCardVersions)
    .values([
      { rateCardId: defaultCard!.id, effectiveFrom: '2025-12-01', rates: rates() },
      { rateCardId: defaultCard!.id, effectiveFrom: '2026-01-15', rates: rates({ storage_unit_day: '0.02' }) },
      {
        rateCardId: own!.id,
        effectiveFrom: '2025-12-01',
        rates: { fulfilment_order: { rate_micros: 2_000_000, enabled: true } },
      },
    ]);

  const p1 = await createProduct(ctx, account);
  const p2 = await createProduct(ctx, account);
  const p3 = await createProduct(ctx, account);
  for (const p of [p1, p2, p3])
    await createInventory(ctx, { productId: p.id, warehouseId: alpha, accountId: account, onHand: 0 });

  // Receipts: S1 100 × P1 and S3 4 × P3 on Jan 5 at 10:00 local; S2 50 × P2 at 03:00 UTC on Jan 20, which is
  // still Jan 19 (22:00) in New York.
  await receive(p1.id, 100, '2026-01-05T15:00:00Z');
  await receive(p3.id, 4, '2026-01-05T15:00:00Z');
  await receive(p2.id, 50, '2026-01-20T03:00:00Z');

  // O1: one line of 10 × P1, shipped at 04:30 UTC on Jan 10 = Jan 9, 23:30 local.
  const o1 = await createOrder(ctx, {
    accountId: account,
    warehouseId: alpha,
    lines: [{ productId: p1.id, quantity: 10 }],
  });
  await ship(o1.id, '2026-01-10T04:30:00Z');
  // O2: three lines (5 × P1, 2 × P2, 1 × P3 = 8 units), shipped Jan 25 at noon local, with a label uploaded.
  o2 = await createOrder(ctx, {
    accountId: account,
    warehouseId: alpha,
    lines: [
      { productId: p1.id, quantity: 5 },
      { productId: p2.id, quantity: 2 },
      { productId: p3.id, quantity: 1 },
    ],
  });
  await ship(o2.id, '2026-01-25T17:00:00Z');
  const label = await ctx.as('admin', {
    method: 'POST',
    url: `/api/orders/${o2.id}/labels`,
    ...multipart(
      { label_name: 'UPS label' },
      { field: 'label_file', filename: 'label.pdf', content: await samplePdf(1), contentType: 'application/pdf' },
    ),
  });
  expect(label.statusCode, label.body).toBe(201);
  await db().execute(
    sql`update shipment_labels set created_at = ${at('2026-01-25T18:00:00Z')} where order_id = ${o2.id}`,
  );

  // A merge item of two pending orders (1 × P1 each: reserved, never shipped, so on hand is unchanged).
  const m1 = await createOrder(ctx, {
    accountId: account,
    warehouseId: alpha,
    lines: [{ productId: p1.id, quantity: 1 }],
  });
  const m2 = await createOrder(ctx, {
    accountId: account,
    warehouseId: alpha,
    lines: [{ productId: p1.id, quantity: 1 }],
  });
  const merge = await ctx.as('admin', {
    method: 'POST',
    url: '/api/merge-items',
    ...multipart({ title: 'Gift set', order_ids: JSON.stringify([m1.id, m2.id]) }),
  });
  expect(merge.statusCode, merge.body).toBe(201);
  await db().execute(sql`update merge_items set created_at = ${at('2026-01-26T12:00:00Z')}
    where id = (select merge_item_id from orders where id = ${m1.id})`);

  // A manual charge: kitting, 3 × $2.50 on Jan 12.
  const manual = await ctx.as('admin', {
    method: 'POST',
    url: '/api/billing/manual-charges',
    payload: {
      account_id: account,
      charge_date: '2026-01-12',
      description: 'Kitting',
      quantity: 3,
      rate_micros: 2_500_000,
    },
  });
  expect(manual.statusCode, manual.body).toBe(201);
});
afterAll(() => ctx.close());

describe('the hand-computed month (January 2026, New York)', () => {
  it('derives every charge and totals $166.79 to the cent', async () => {
    const p = await preview();
    // Receiving: 3 shipments verified × $25.00 = $75.00; 154 units (100 + 4 + 50) × $0.10 = $15.40.
    expect(group(p, 'receiving_shipment')?.total_cents).toBe(7500);
    expect(group(p, 'receiving_unit')?.lines.map((l) => l.quantity)).toEqual([154]);
    expect(group(p, 'receiving_unit')?.total_cents).toBe(1540);

    // Storage: end-of-day on hand in New York days. Jan 1–4: 0. Jan 5–8: 104 (4 days). Jan 9 (O1 left at 23:30
    // local) – Jan 14: 94 (6 days). At $0.015: (4×104 + 6×94) = 980 unit-days → $14.70.
    // From the 15th at $0.02: Jan 15–18: 94 (4 days); Jan 19 (S2 arrived 22:00 local) – Jan 24: 144 (6 days);
    // Jan 25–31: 144 − 8 = 136 (7 days) → 376 + 864 + 952 = 2192 unit-days → $43.84.
    const storage = group(p, 'storage_unit_day')!;
    expect(storage.lines.map((l) => [l.quantity, l.rate_micros, l.amount_cents])).toEqual([
      [980, 15_000, 1470],
      [2192, 20_000, 4384],
    ]);
    expect(storage.lines[0]!.evidence.find((e) => e.date === '2026-01-09')?.quantity).toBe(94);
    expect(storage.lines[1]!.evidence.find((e) => e.date === '2026-01-19')?.quantity).toBe(144);
    // Days without movements are billed too (Jan 31 carries Jan 25's balance).
    expect(storage.lines[1]!.evidence.find((e) => e.date === '2026-01-31')?.quantity).toBe(136);

    // Fulfilment: 2 orders at Cleo's own $2.00 = $4.00; lines beyond the first: O2's 2 × $0.50 = $1.00;
    // units beyond the first: O1 9 + O2 7 = 16 × $0.25 = $4.00.
    expect(group(p, 'fulfilment_order')?.lines[0]).toMatchObject({
      quantity: 2,
      rate_micros: 2_000_000,
      rate_source: 'account',
    });
    expect(group(p, 'fulfilment_order')?.total_cents).toBe(400);
    expect(group(p, 'fulfilment_extra_line')?.total_cents).toBe(100);
    expect(group(p, 'fulfilment_extra_unit')?.lines[0]?.quantity).toBe(16);
    expect(group(p, 'fulfilment_extra_unit')?.total_cents).toBe(400);

    // One label $0.35, one merge item $1.00, kitting 3 × $2.50 = $7.50; charges are above the $50 minimum.
    expect(group(p, 'label_upload')?.total_cents).toBe(35);
    expect(group(p, 'merge_item')?.total_cents).toBe(100);
    expect(group(p, 'manual')?.total_cents).toBe(750);
    expect(group(p, 'monthly_minimum')).toBeUndefined();

    // 7500 + 1540 + 1470 + 4384 + 400 + 100 + 400 + 35 + 100 + 750 = 16 679 cents.
    expect(p.total_cents).toBe(16_679);
  });

  it('derives the same month for every account at once (the billing dashboard’s unbilled activity)', async () => {
    const period = { from: FROM, to: TO };
    // The same facts, summed per charge type and day: storage and location days worked out backwards from the
    // current stock, the rest in one statement per kind for all accounts.
    const perDay = (facts: { chargeType: string; date: string; quantity: number }[]) => {
      const sums = new Map<string, number>();
      for (const f of facts)
        sums.set(`${f.chargeType} ${f.date}`, (sums.get(`${f.chargeType} ${f.date}`) ?? 0) + f.quantity);
      return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)));
    };
    const one = await chargeFacts(db(), { accountId: account, ...period });
    const all = await dailyFactsOfAccounts(db(), { accountScope: undefined, ...period });
    expect(one.some((f) => f.chargeType.startsWith('storage_location_day_'))).toBe(true);
    expect(perDay(all.filter((f) => f.accountId === account))).toEqual(perDay(one));

    const p = await preview();
    const every: Scope = { kind: 'all' };
    const unbilled = await unbilledCharges(db(), every, await unbilledAccounts(db(), every, () => period));
    // The other accounts did nothing in January: a whole month, so each owes the default card's $50 minimum.
    const { clientInactive, neighbourActive, otherClient } = ctx.world.accounts;
    expect(unbilled.by_account).toEqual([
      { account_id: account, account_name: 'Cleo Active Goods', total_cents: 16_679 },
      { account_id: clientInactive, account_name: 'Cleo Dormant Goods', total_cents: 5000 },
      { account_id: neighbourActive, account_name: 'Nell Next Door', total_cents: 5000 },
      { account_id: otherClient, account_name: 'Otto Trading', total_cents: 5000 },
    ]);
    const cleo: Scope = { kind: 'accounts', accountIds: [account], warehouseIds: [] };
    const cleoOnly = await unbilledCharges(db(), cleo, await unbilledAccounts(db(), cleo, () => period));
    expect(cleoOnly.by_charge_type).toEqual(
      p.groups.map((g) => ({ charge_type: g.charge_type, label: g.label, total_cents: g.total_cents })),
    );
  });

  it('invoices it: the draft regenerates to the same lines, finalizing freezes them', async () => {
    const create = () =>
      ctx.as('admin', { method: 'POST', url: '/api/invoices', payload: { account_id: account, from: FROM, to: TO } });
    const first = await create();
    expect(first.statusCode, first.body).toBe(201);
    const draft = first.json().invoice;
    expect(draft).toMatchObject({ status: 'draft', number: null, total_cents: 16_679 });

    const again = (await create()).json();
    expect(again.message).toBe(INVOICE_MESSAGES.draftRegenerated);
    expect(again.invoice.id).toBe(draft.id);
    const strip = (lines: { id: number }[]) => lines.map(({ id: _id, ...line }) => line);
    expect(strip(again.invoice.lines)).toEqual(strip(draft.lines));

    const added = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${draft.id}/lines`,
      payload: { description: 'Oversize storage', quantity: 1, rate_micros: 12_345_600 },
    });
    expect(added.statusCode, added.body).toBe(201);
    // $12.3456 rounds half up to $12.35.
    expect(added.json().invoice.total_cents).toBe(16_679 + 1235);

    const finalized = await ctx.as('admin', { method: 'POST', url: `/api/invoices/${draft.id}/finalize` });
    expect(finalized.statusCode, finalized.body).toBe(200);
    const invoice = finalized.json().invoice;
    expect(invoice.number).toMatch(/^INV-\d{4}-000001$/);
    expect(invoice.status).toBe('finalized');

    // Deleting an invoiced order (and its label with it) changes the preview, never the finalized invoice.
    await db().execute(sql`delete from orders where id = ${o2.id}`);
    expect((await preview()).total_cents).not.toBe(16_679);
    const after = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${draft.id}` });
    expect(after.json().invoice).toEqual(invoice);

    // A draft of an already finalized period is refused; voiding frees the period and keeps the number used.
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.periodFinalized);
    const voided = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${draft.id}/void`,
      payload: { reason: 'Order O2 was cancelled by the carrier' },
    });
    expect(voided.json().invoice).toMatchObject({ status: 'void', number: invoice.number });
    const second = (await create()).json().invoice;
    const next = await ctx.as('admin', { method: 'POST', url: `/api/invoices/${second.id}/finalize` });
    expect(next.json().invoice.number).toMatch(/^INV-\d{4}-000002$/);
  });
});
