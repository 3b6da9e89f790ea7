import { INVOICE_MESSAGES } from '@wms/contract/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { withPermissions } from './support/grant-permission';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/** Manual lines of a draft invoice are edited and deleted; nothing else is. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Line {
  id: number;
  source: string;
  description: string;
  quantity: number;
  rate_micros: number;
  amount_cents: number;
}

const draft = async (accountId: number, from: string, to: string) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/invoices',
    payload: { account_id: accountId, from, to },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice.id as number;
};
const addLine = async (id: number, description: string) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/invoices/${id}/lines`,
    payload: { description, quantity: 2, rate_micros: 1_000_000 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().invoice.lines as Line[]).find((l) => l.description === description)!.id;
};
const edit = (id: number, lineId: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'PUT', url: `/api/invoices/${id}/lines/${lineId}`, payload });
const remove = (id: number, lineId: number, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'DELETE', url: `/api/invoices/${id}/lines/${lineId}` });
const kinds = async (id: number) => (await activityOf(ctx.handle.db, 'invoice', id)).map((e) => e.kind);

describe('editing and deleting manual lines of a draft', () => {
  it('edits a manual line (amount and total recomputed) and deletes it, each a typed event', async () => {
    const account = ctx.world.accounts.clientActive;
    const id = await draft(account, '2021-07-01', '2021-07-31');
    const lineId = await addLine(id, 'Kitting');

    const edited = await edit(id, lineId, { description: 'Kitting, gift boxes', quantity: 3, rate_micros: 12_345_600 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe(INVOICE_MESSAGES.lineUpdated);
    // 3 × $12.3456 = $37.0368 → $37.04 (half up, once per line).
    expect(edited.json().invoice.lines).toEqual([
      expect.objectContaining({
        id: lineId,
        source: 'manual',
        description: 'Kitting, gift boxes',
        quantity: 3,
        rate_micros: 12_345_600,
        amount_cents: 3704,
      }),
    ]);
    expect(edited.json().invoice.total_cents).toBe(3704);
    const [updated] = await activityOf(ctx.handle.db, 'invoice', id);
    expect(updated).toMatchObject({
      kind: 'invoice.line_updated',
      properties: {
        account_name: 'Cleo Active Goods',
        period: '2021-07-01 – 2021-07-31',
        description: 'Kitting, gift boxes',
      },
      accountIds: [account],
      warehouseIds: [],
    });

    const removed = await remove(id, lineId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: INVOICE_MESSAGES.lineDeleted,
      invoice: { lines: [], total_cents: 0 },
    });
    const [deleted] = await activityOf(ctx.handle.db, 'invoice', id);
    expect(deleted).toMatchObject({ kind: 'invoice.line_deleted', properties: { description: 'Kitting, gift boxes' } });
    expect(await kinds(id)).toEqual([
      'invoice.line_deleted',
      'invoice.line_updated',
      'invoice.line_added',
      'invoice.draft_created',
    ]);

    // Gone: a second delete or an edit of it is 404.
    expect((await remove(id, lineId)).json().message).toBe(INVOICE_MESSAGES.lineNotFound);
    expect((await edit(id, lineId, { description: 'x', quantity: 1, rate_micros: 0 })).statusCode).toBe(404);
  });

  it('refuses bad input with field messages', async () => {
    const id = await draft(ctx.world.accounts.clientActive, '2021-08-01', '2021-08-31');
    const lineId = await addLine(id, 'Special packing');
    const res = await edit(id, lineId, { description: ' ', quantity: 0, rate_micros: 123_456 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['description', 'quantity', 'rate_micros']);
    expect((await edit(id, lineId, { description: 'ok', quantity: 1, rate_micros: -100 })).statusCode).toBe(422);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/invoices/${id}/lines/abc` })).statusCode).toBe(422);
  });

  it('never changes a derived line, a line of another invoice, or a finalized invoice', async () => {
    const account = ctx.world.accounts.otherClient;
    const charge = await ctx.as('admin', {
      method: 'POST',
      url: '/api/billing/manual-charges',
      payload: {
        account_id: account,
        charge_date: '2021-09-10',
        description: 'Oversize storage',
        quantity: 1,
        rate_micros: 5_000_000,
      },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const [chargeEvent] = await activityOf(ctx.handle.db, 'manual_charge', charge.json().manual_charge.id);
    expect(chargeEvent).toMatchObject({
      kind: 'manual_charge.created',
      properties: { account_name: 'Otto Trading', description: 'Oversize storage', charge_date: '2021-09-10' },
      accountIds: [account],
    });

    const id = await draft(account, '2021-09-01', '2021-09-30');
    const derived = (await ctx.as('admin', { method: 'GET', url: `/api/invoices/${id}` })).json().invoice
      .lines[0] as Line;
    expect(derived.source).toBe('derived');
    for (const res of [
      await edit(id, derived.id, { description: 'x', quantity: 1, rate_micros: 0 }),
      await remove(id, derived.id),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.lineDerived);
    }

    const other = await draft(account, '2021-10-01', '2021-10-31');
    const manual = await addLine(id, 'Relabelling');
    expect((await remove(other, manual)).statusCode).toBe(404);

    const finalized = await ctx.as('admin', { method: 'POST', url: `/api/invoices/${id}/finalize` });
    expect(finalized.statusCode, finalized.body).toBe(200);
    for (const res of [
      await edit(id, manual, { description: 'x', quantity: 1, rate_micros: 0 }),
      await remove(id, manual),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.notDraft);
    }
    const voided = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${id}/void`,
      payload: { reason: 'Duplicate' },
    });
    expect(voided.statusCode).toBe(200);
    expect((await remove(id, manual)).statusCode).toBe(409);

    // The invoice's whole life, newest first: every kind asserted.
    const [voidedEvent, finalizedEvent] = await activityOf(ctx.handle.db, 'invoice', id);
    expect(voidedEvent).toMatchObject({
      kind: 'invoice.voided',
      properties: { reason: 'Duplicate', number: finalized.json().invoice.number },
    });
    expect(finalizedEvent).toMatchObject({
      kind: 'invoice.finalized',
      properties: {
        number: finalized.json().invoice.number,
        total_cents: 700,
        period_from: '2021-09-01',
        period_to: '2021-09-30',
      },
      accountIds: [account],
    });
    expect(await kinds(id)).toEqual([
      'invoice.voided',
      'invoice.finalized',
      'invoice.line_added',
      'invoice.draft_created',
    ]);
    const [created] = (await activityOf(ctx.handle.db, 'invoice', id)).slice(-1);
    expect(created?.properties).toMatchObject({ account_name: 'Otto Trading', regenerated: false });
  });

  it('is for manage billing only (403), and out-of-scope invoices are 404 even with it', async () => {
    const alphaInvoice = await draft(ctx.world.accounts.clientActive, '2021-11-01', '2021-11-30');
    const alphaLine = await addLine(alphaInvoice, 'Pallet wrap');
    const betaInvoice = await draft(ctx.world.accounts.otherClient, '2021-11-01', '2021-11-30');
    const betaLine = await addLine(betaInvoice, 'Pallet wrap');
    const body = { description: 'Pallet wrap ×2', quantity: 2, rate_micros: 1_000_000 };
    for (const actor of ['manager', 'client'] as const) {
      expect((await edit(alphaInvoice, alphaLine, body, actor)).statusCode).toBe(403);
      expect((await remove(alphaInvoice, alphaLine, actor)).statusCode).toBe(403);
    }
    // Alpha's manager granted manage billing: Alpha's account's draft in reach, Beta's answers as if it did not exist.
    await withPermissions(ctx.handle.db, 'manager', ['manage billing'], async () => {
      expect((await edit(betaInvoice, betaLine, body, 'manager')).statusCode).toBe(404);
      expect((await remove(betaInvoice, betaLine, 'manager')).statusCode).toBe(404);
      expect((await edit(alphaInvoice, alphaLine, body, 'manager')).statusCode).toBe(200);
      expect((await remove(alphaInvoice, alphaLine, 'manager')).statusCode).toBe(200);
    });
    const beta = (await ctx.as('admin', { method: 'GET', url: `/api/invoices/${betaInvoice}` })).json().invoice;
    expect(beta.lines.map((l: Line) => l.description)).toEqual(['Pallet wrap']);
  });
});
