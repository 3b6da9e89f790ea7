import * as XLSX from '@e965/xlsx';
import { type BillingPreview, EVIDENCE_LISTED } from '@wms/contract/billing';
import type { Invoice } from '@wms/contract/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCards, rateCardVersions } from '../src/db/schema/rate-cards';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * A busy month lists a line's first EVIDENCE_LISTED facts in the preview and invoice responses, with how many there
 * are (a month of 100 000 orders would otherwise answer 30 MB of JSON); quantities and amounts count every fact,
 * and the invoice's export lists them all. EVIDENCE_LISTED + 1 orders shipped in February 2026 (UTC zone).
 */
let ctx: TestContext;
let account: number;
const ORDERS = EVIDENCE_LISTED + 1;
const period = { from: '2026-02-01', to: '2026-02-28' };

beforeAll(async () => {
  ctx = await createTestContext();
  account = ctx.world.accounts.clientActive;
  const db = ctx.handle.db;
  await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' }); // makes sure the default card exists
  const [defaultCard] = await db.select().from(rateCards).where(sql`${rateCards.accountId} is null`);
  await db.insert(rateCardVersions).values({
    rateCardId: defaultCard!.id,
    effectiveFrom: '2026-01-01',
    rates: { fulfilment_order: { rate_micros: 2_000_000, enabled: true } },
  });
  // Shipped orders without lines: one fulfilment fact each, a minute apart on Feb 10.
  await db.execute(sql`insert into orders (order_number, order_id, account_id, warehouse_id, status_id, lifecycle,
      customer_name, shipped_at)
    select 'EVID-' || lpad(g::text, 4, '0'), 'EVID-' || g, ${account}::int, ${ctx.world.warehouses.alpha}::int,
      (select id from statuses where system_key = 'shipped'), 'shipped', 'Customer ' || g,
      '2026-02-10T08:00:00Z'::timestamptz + g * interval '1 minute'
    from generate_series(1, ${ORDERS}::int) g`);
});
afterAll(() => ctx.close());

const fulfilmentLine = (groups: BillingPreview['groups'] | Invoice['groups']) =>
  groups.find((g) => g.charge_type === 'fulfilment_order')!.lines[0]!;

describe('evidence of a busy line', () => {
  it('lists the first facts in the preview, counts them all', async () => {
    const res = await ctx.as('admin', {
      method: 'GET',
      url: `/api/billing/preview?account_id=${account}&from=${period.from}&to=${period.to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = fulfilmentLine((res.json().preview as BillingPreview).groups);
    expect(line.quantity).toBe(ORDERS);
    expect(line.amount_cents).toBe(ORDERS * 200);
    expect(line.evidence_total).toBe(ORDERS);
    expect(line.evidence).toHaveLength(EVIDENCE_LISTED);
    expect(line.evidence[0]!.reference).toBe('EVID-0001');
  });

  it('stores every fact on the invoice: its responses list the first, its export all', async () => {
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: { account_id: account, ...period },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json().invoice as Invoice;
    for (const line of [
      fulfilmentLine(invoice.groups),
      invoice.lines.find((l) => l.charge_type === 'fulfilment_order')!,
    ]) {
      expect(line.evidence_total).toBe(ORDERS);
      expect(line.evidence).toHaveLength(EVIDENCE_LISTED);
    }
    const read = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${invoice.id}` });
    expect(fulfilmentLine((read.json().invoice as Invoice).groups).evidence).toHaveLength(EVIDENCE_LISTED);

    const csv = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${invoice.id}/export?format=csv` });
    expect(csv.statusCode).toBe(200);
    // One line carries the orders (fulfilment per order), each fact on a row of its own.
    expect(csv.body.match(/,order,\d+,EVID-/g)).toHaveLength(ORDERS);
    expect(csv.body).toContain(`EVID-${String(ORDERS).padStart(4, '0')}`);

    const xlsx = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${invoice.id}/export?format=xlsx` });
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    const orderFacts = rows.filter((row) => row['Evidence kind'] === 'order');
    expect(orderFacts).toHaveLength(ORDERS);
    expect(orderFacts.every((row) => row.Amount === undefined && typeof row['Evidence id'] === 'number')).toBe(true);
    // The Amount column sums to the total: line rows carry amounts, fact rows none, the last row the total.
    const amounts = rows.map((row) => row.Amount).filter((amount): amount is string => typeof amount === 'string');
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(amounts.slice(0, -1).reduce((sum, text) => sum + cents(text), 0)).toBe(cents(amounts.at(-1)!));
    expect(cents(amounts.at(-1)!)).toBe(invoice.total_cents);
  });
});
