import { INVOICE_MESSAGES } from '@wms/contract/invoices';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../src/db/schema/webhooks';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const manualCharge = (accountId: number, description: string, date: string) =>
  ctx.as('admin', {
    method: 'POST',
    url: '/api/billing/manual-charges',
    payload: { account_id: accountId, charge_date: date, description, quantity: 2, rate_micros: 1_500_000 },
  });
const draft = async (accountId: number, from: string, to: string) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/invoices',
    payload: { account_id: accountId, from, to },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice as { id: number; total_cents: number };
};
const finalize = (id: number, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: `/api/invoices/${id}/finalize` });

describe('two clients in one warehouse', () => {
  it('each sees only their own invoices, documents and running charges', async () => {
    const { clientActive: cleo, neighbourActive: nell } = ctx.world.accounts;
    const month = new Date().toISOString().slice(0, 8);
    expect((await manualCharge(cleo, 'Cleo kitting', `${month}01`)).statusCode).toBe(201);
    expect((await manualCharge(nell, 'Nell gift wrap', `${month}01`)).statusCode).toBe(201);
    const cleoInvoice = await draft(cleo, '2021-03-01', '2021-03-31');
    const nellInvoice = await draft(nell, '2021-03-01', '2021-03-31');
    for (const id of [cleoInvoice.id, nellInvoice.id]) expect((await finalize(id)).statusCode).toBe(200);

    const list = (await ctx.as('client', { method: 'GET', url: '/api/invoices' })).json();
    expect(list.data.map((i: { id: number }) => i.id)).toEqual([cleoInvoice.id]);
    for (const path of ['', '/pdf', '/export?format=csv']) {
      expect(
        (await ctx.as('client', { method: 'GET', url: `/api/invoices/${nellInvoice.id}${path}` })).statusCode,
      ).toBe(404);
      expect(
        (await ctx.as('client', { method: 'GET', url: `/api/invoices/${cleoInvoice.id}${path}` })).statusCode,
      ).toBe(200);
    }

    // Running charges of the current month: Cleo's own kitting, never Nell's gift wrap; Nell's account is 404.
    const running = await ctx.as('client', { method: 'GET', url: `/api/billing/running-charges?account_id=${cleo}` });
    expect(running.statusCode).toBe(200);
    const descriptions = running
      .json()
      .preview.groups.flatMap((g: { lines: { description: string }[] }) => g.lines.map((l) => l.description));
    expect(descriptions).toContain('Cleo kitting');
    expect(descriptions).not.toContain('Nell gift wrap');
    expect(
      (await ctx.as('client', { method: 'GET', url: `/api/billing/running-charges?account_id=${nell}` })).statusCode,
    ).toBe(404);
  });

  it('hides drafts from clients', async () => {
    const pending = await draft(ctx.world.accounts.clientActive, '2021-04-01', '2021-04-30');
    expect((await ctx.as('client', { method: 'GET', url: `/api/invoices/${pending.id}` })).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/invoices/${pending.id}` })).statusCode).toBe(200);
  });
});

describe('documents and events', () => {
  it('prints the PDF, exports the lines and announces invoice.finalized', async () => {
    const account = ctx.world.accounts.otherClient;
    expect((await manualCharge(account, 'Special packing', '2021-05-10')).statusCode).toBe(201);
    const invoice = await draft(account, '2021-05-01', '2021-05-31');
    // 2 × $1.50 = $3.00; no rate card, so no minimum.
    expect(invoice.total_cents).toBe(300);
    const finalized = (await finalize(invoice.id)).json().invoice;

    const pdf = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe(finalized.number);

    const csv = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${invoice.id}/export?format=csv` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(
      `${finalized.number},Otto Trading,2021-05-01,2021-05-31,Manual charges,Special packing,2,1.50,3.00`,
    );
    // The charge's own row carries its fact in the evidence columns, beside the line's charge type and description.
    expect(csv.body).toMatch(/,Manual charges,Special packing,,,,2021-05-10,manual_charge,\d+,/);
    const xlsx = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${invoice.id}/export?format=xlsx` });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const [event] = await ctx.handle.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'invoice.finalized'))
      .orderBy(sql`${webhookEvents.id} desc`)
      .limit(1);
    expect(event?.payload).toMatchObject({ invoice_id: invoice.id, number: finalized.number, total_cents: 300 });
  });

  it('refuses to void without a reason, and voids a finalized invoice once', async () => {
    const invoice = await draft(ctx.world.accounts.otherClient, '2021-06-01', '2021-06-30');
    await finalize(invoice.id);
    const blank = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      payload: { reason: ' ' },
    });
    expect(blank.json().errors.reason).toEqual([INVOICE_MESSAGES.reasonRequired]);
    const voided = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      payload: { reason: 'Sent twice' },
    });
    expect(voided.json().invoice).toMatchObject({ status: 'void', void_reason: 'Sent twice' });
    const again = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      payload: { reason: 'Again' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('no second invoice over finalized days', () => {
  const create = (from: string, to: string) =>
    ctx.as('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: { account_id: ctx.world.accounts.otherClient, from, to },
    });

  it('refuses (409) a draft of a finalized period or one overlapping it, until that invoice is void', async () => {
    const january = await draft(ctx.world.accounts.otherClient, '2023-01-01', '2023-01-31');
    await finalize(january.id);
    for (const [from, to] of [
      ['2023-01-01', '2023-01-31'],
      ['2023-01-15', '2023-02-15'],
      ['2022-12-01', '2023-01-01'],
    ] as const) {
      const refused = await create(from, to);
      expect(refused.statusCode, `${from} – ${to}`).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.periodFinalized);
    }
    // Days just outside are free; so is another account's January.
    expect((await create('2023-02-01', '2023-02-28')).statusCode).toBe(201);
    await draft(ctx.world.accounts.neighbourActive, '2023-01-01', '2023-01-31');

    await ctx.as('admin', { method: 'POST', url: `/api/invoices/${january.id}/void`, payload: { reason: 'Redo' } });
    expect((await create('2023-01-15', '2023-02-15')).statusCode).toBe(201);
  });

  it('refuses (409) to finalize a draft made before an overlapping invoice was finalized', async () => {
    const month = await draft(ctx.world.accounts.otherClient, '2023-03-01', '2023-03-31');
    const middle = await draft(ctx.world.accounts.otherClient, '2023-03-10', '2023-03-20');
    expect((await finalize(month.id)).statusCode).toBe(200);
    const refused = await finalize(middle.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.periodFinalized);
  });

  it.skipIf(!isRealPostgres())('two overlapping drafts finalized at once: one is finalized (PostgreSQL)', async () => {
    const a = await draft(ctx.world.accounts.otherClient, '2023-05-01', '2023-05-31');
    const b = await draft(ctx.world.accounts.otherClient, '2023-05-15', '2023-06-15');
    const answers = await Promise.all([finalize(a.id), finalize(b.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('finalize races (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())('finalizing one invoice twice at once yields one number', async () => {
    const invoice = await draft(ctx.world.accounts.clientActive, '2022-01-01', '2022-01-31');
    const answers = await Promise.all([finalize(invoice.id), finalize(invoice.id), finalize(invoice.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const numbers = (await ctx.handle.db.execute(
      sql`select number from invoices where id = ${invoice.id}`,
    )) as unknown as {
      rows: { number: string }[];
    };
    expect(numbers.rows[0]?.number).toBe(answers.find((a) => a.statusCode === 200)!.json().invoice.number);
  });

  it.skipIf(!isRealPostgres())('two invoices finalized at once take distinct consecutive numbers', async () => {
    const a = await draft(ctx.world.accounts.clientActive, '2022-02-01', '2022-02-28');
    const b = await draft(ctx.world.accounts.neighbourActive, '2022-02-01', '2022-02-28');
    const answers = await Promise.all([finalize(a.id), finalize(b.id)]);
    const serials = answers.map((r) => Number(r.json().invoice.number.slice(-6))).sort((x, y) => x - y);
    expect(serials[1]).toBe(serials[0]! + 1);
  });
});
