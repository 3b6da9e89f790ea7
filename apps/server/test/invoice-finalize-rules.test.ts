import { addDays } from '@wms/contract/billing';
import { INVOICE_MESSAGES } from '@wms/contract/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses } from '../src/db/schema/warehouses';
import { localDate } from '../src/modules/billing/charges/billing-days';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

/**
 * Money rules of finalizing: never before the period has ended in the account's warehouses' zones,
 * never a period sharing a day with a finalized invoice of the account. Drafts are all created before anything is
 * finalized (draft creation refuses a period already billed on its own, branch `billing`).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const draft = async (accountId: number, from: string, to: string) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/invoices',
    payload: { account_id: accountId, from, to },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice.id as number;
};
const finalize = (id: number) => ctx.as('admin', { method: 'POST', url: `/api/invoices/${id}/finalize` });

describe('finalizing before the period ends', () => {
  it("is refused while the last day is not over in the account's latest zone", async () => {
    // Alpha (Cleo's warehouse) at UTC−12, the zone where a day ends last: its today is never over anywhere.
    const zone = 'Etc/GMT+12';
    await ctx.handle.db.update(warehouses).set({ timezone: zone }).where(eq(warehouses.id, ctx.world.warehouses.alpha));
    const today = localDate(zone, new Date());
    const account = ctx.world.accounts.clientActive;
    const running = await draft(account, `${today.slice(0, 8)}01`, today);
    const ended = await draft(account, addDays(today, -1), addDays(today, -1));

    // The invoice says so, so that screens disable Finalize rather than offer it.
    const read = async (id: number) => (await ctx.as('admin', { method: 'GET', url: `/api/invoices/${id}` })).json();
    expect((await read(running)).invoice.period_ended).toBe(false);
    expect((await read(ended)).invoice.period_ended).toBe(true);

    const refused = await finalize(running);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.periodNotEnded);
    const still = await ctx.as('admin', { method: 'GET', url: `/api/invoices/${running}` });
    expect(still.json().invoice).toMatchObject({ status: 'draft', number: null });

    // Yesterday in the latest zone is over everywhere.
    expect((await finalize(ended)).statusCode).toBe(200);
  });
});

describe('finalizing a period that overlaps a finalized invoice', () => {
  it('is refused on any shared day, per account; adjacent periods and void invoices do not count', async () => {
    const { otherClient: otto, neighbourActive: nell } = ctx.world.accounts;
    const january = await draft(otto, '2023-01-01', '2023-01-31');
    const straddling = await draft(otto, '2023-01-15', '2023-02-14');
    const lastDay = await draft(otto, '2023-01-31', '2023-01-31');
    const february = await draft(otto, '2023-02-01', '2023-02-28');
    const nellsJanuary = await draft(nell, '2023-01-01', '2023-01-31');

    expect((await finalize(january)).statusCode).toBe(200);
    for (const id of [straddling, lastDay]) {
      const refused = await finalize(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.periodFinalized);
    }
    expect((await finalize(february)).statusCode).toBe(200);
    expect((await finalize(nellsJanuary)).statusCode).toBe(200);

    // Voiding January frees its days: a period inside it may be finalized (drawn up after the void).
    const voided = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${january}/void`,
      payload: { reason: 'Billed the wrong weeks' },
    });
    expect(voided.statusCode).toBe(200);
    expect((await finalize(await draft(otto, '2023-01-10', '2023-01-20'))).statusCode).toBe(200);
  });
});

describe('finalize races on overlapping periods (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'two overlapping periods finalized at once: one is finalized, the other refused',
    async () => {
      const account = ctx.world.accounts.neighbourActive;
      const march = await draft(account, '2024-03-01', '2024-03-31');
      const straddling = await draft(account, '2024-03-15', '2024-04-15');
      const answers = await Promise.all([finalize(march), finalize(straddling)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(INVOICE_MESSAGES.periodFinalized);
      const finalized = await ctx.as('admin', {
        method: 'GET',
        url: `/api/invoices?account_id=${account}&status=finalized`,
      });
      const periods = finalized.json().data.filter((i: { period_from: string }) => i.period_from.startsWith('2024-03'));
      expect(periods).toHaveLength(1);
    },
  );
});
