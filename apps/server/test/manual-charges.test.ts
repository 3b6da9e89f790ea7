import { BILLING_MESSAGES } from '@wms/contract/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { withPermissions } from './support/grant-permission';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * Manual charges: listed (paginated, by account and days) and deleted by staff with `manage billing`,
 * except while a finalized, not void, invoice of the account covers the charge's day (409: it is frozen there).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const add = async (accountId: number, date: string, description: string, actor: Actor = 'admin') => {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/billing/manual-charges',
    payload: { account_id: accountId, charge_date: date, description, quantity: 3, rate_micros: 2_500_000 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().manual_charge.id as number;
};
const list = (query: string, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'GET', url: `/api/billing/manual-charges${query}` });
const remove = (id: number, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'DELETE', url: `/api/billing/manual-charges/${id}` });
const descriptions = (body: { data: { description: string }[] }) => body.data.map((c) => c.description);

describe('listing manual charges', () => {
  it('lists newest day first, narrowed by account and days, paginated', async () => {
    const { clientActive: cleo, neighbourActive: nell } = ctx.world.accounts;
    await add(cleo, '2023-01-05', 'Cleo kitting');
    await add(cleo, '2023-01-20', 'Cleo gift wrap');
    await add(nell, '2023-01-10', 'Nell oversize');

    const cleos = (await list(`?account_id=${cleo}&from=2023-01-01&to=2023-01-31`)).json();
    expect(descriptions(cleos)).toEqual(['Cleo gift wrap', 'Cleo kitting']);
    expect(cleos.data[0]).toMatchObject({
      account_id: cleo,
      account_name: 'Cleo Active Goods',
      charge_date: '2023-01-20',
      quantity: 3,
      rate_micros: 2_500_000,
      amount_cents: 750,
      invoice_number: null,
    });
    expect(descriptions((await list('?from=2023-01-06&to=2023-01-15')).json())).toEqual(['Nell oversize']);
    const paged = (await list('?from=2023-01-01&to=2023-01-31&per_page=2&page=2')).json();
    expect(paged.meta).toMatchObject({ total: 3, page: 2, per_page: 2, last_page: 2 });
    expect(descriptions(paged)).toEqual(['Cleo kitting']);
  });

  it('answers 422 per field for a bad day, a reversed range or a bad account id', async () => {
    const bad = await list('?from=2023-02-30&to=2023-01-01&account_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual([BILLING_MESSAGES.dateInvalid]);
    expect(bad.json().errors.account_id).toBeDefined();
    const reversed = await list('?from=2023-02-01&to=2023-01-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual([BILLING_MESSAGES.periodOrder]);
  });

  it('is refused (403) to managers and clients, who do not manage billing', async () => {
    for (const actor of ['manager', 'client'] as const) expect((await list('', actor)).statusCode).toBe(403);
  });

  it('keeps to the caller’s accounts: two clients of one warehouse, managers of two warehouses', async () => {
    const { clientActive: cleo, neighbourActive: nell, otherClient: otto } = ctx.world.accounts;
    await add(otto, '2023-01-11', 'Otto pallet');
    // Roles are data: granted `manage billing`, a client still reaches only their own accounts.
    await withPermissions(ctx.handle.db, 'client', ['manage billing'], async () => {
      const own = (await list('?from=2023-01-01&to=2023-01-31', 'client')).json();
      expect(descriptions(own)).toEqual(['Cleo gift wrap', 'Cleo kitting']);
      expect((await list(`?account_id=${nell}`, 'client')).json().data).toEqual([]);
    });
    await withPermissions(ctx.handle.db, 'manager', ['manage billing'], async () => {
      // Adding a charge to an account outside the caller's warehouses: the account is unknown to them (422).
      const outside = await ctx.as('manager', {
        method: 'POST',
        url: '/api/billing/manual-charges',
        payload: { account_id: otto, charge_date: '2023-01-12', description: 'Sneaky', quantity: 1, rate_micros: 100 },
      });
      expect(outside.statusCode).toBe(422);
      expect(outside.json().errors.account_id).toEqual([BILLING_MESSAGES.accountUnknown]);
      const alpha = (await list('?from=2023-01-01&to=2023-01-31', 'manager')).json();
      expect(descriptions(alpha)).toEqual(['Cleo gift wrap', 'Nell oversize', 'Cleo kitting']);
      const beta = (await list('?from=2023-01-01&to=2023-01-31', 'otherManager')).json();
      expect(descriptions(beta)).toEqual(['Otto pallet']);
      expect((await list(`?account_id=${cleo}`, 'otherManager')).json().data).toEqual([]);
    });
  });
});

describe('deleting a manual charge', () => {
  it('deletes it, records manual_charge.deleted for its account, and answers 404 the second time', async () => {
    const account = ctx.world.accounts.clientActive;
    const id = await add(account, '2023-03-03', 'Mistyped kitting');
    const res = await remove(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BILLING_MESSAGES.manualChargeDeleted);
    expect(descriptions((await list(`?account_id=${account}&from=2023-03-01&to=2023-03-31`)).json())).toEqual([]);
    const [event] = await activityOf(ctx.handle.db, 'manual_charge', id);
    expect(event).toMatchObject({
      kind: 'manual_charge.deleted',
      properties: {
        account_name: 'Cleo Active Goods',
        description: 'Mistyped kitting',
        charge_date: '2023-03-03',
        amount_cents: 750,
      },
      accountIds: [account],
    });
    const again = await remove(id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(BILLING_MESSAGES.manualChargeNotFound);
  });

  it('refuses (409) while a finalized invoice covers its day; a draft does not, and voiding frees it', async () => {
    const account = ctx.world.accounts.otherClient;
    const id = await add(account, '2023-04-10', 'Frozen kitting');
    const draft = await ctx.as('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: { account_id: account, from: '2023-04-01', to: '2023-04-30' },
    });
    const invoiceId = draft.json().invoice.id as number;
    // A draft is work in progress (regenerating it follows the charges): the charge may still go.
    const other = await add(account, '2023-04-11', 'Draft-only kitting');
    expect((await remove(other)).statusCode).toBe(200);

    const finalized = await ctx.as('admin', { method: 'POST', url: `/api/invoices/${invoiceId}/finalize` });
    const number = finalized.json().invoice.number as string;
    const listed = (await list(`?account_id=${account}&from=2023-04-01&to=2023-04-30`)).json();
    expect(listed.data).toEqual([expect.objectContaining({ id, invoice_number: number })]);
    const refused = await remove(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_MESSAGES.manualChargeInvoiced);
    expect((await list(`?account_id=${account}&from=2023-04-01&to=2023-04-30`)).json().data).toHaveLength(1);

    await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${invoiceId}/void`,
      payload: { reason: 'Wrong month' },
    });
    expect((await list(`?account_id=${account}&from=2023-04-01&to=2023-04-30`)).json().data[0].invoice_number).toBe(
      null,
    );
    expect((await remove(id)).statusCode).toBe(200);
  });

  it('is refused (403) without the permission and 404 outside the caller’s accounts', async () => {
    const { clientActive: cleo, neighbourActive: nell } = ctx.world.accounts;
    const cleos = await add(cleo, '2023-05-01', 'Cleo label');
    const nells = await add(nell, '2023-05-01', 'Nell label');
    for (const actor of ['manager', 'client'] as const) expect((await remove(cleos, actor)).statusCode).toBe(403);
    await withPermissions(ctx.handle.db, 'client', ['manage billing'], async () => {
      expect((await remove(nells, 'client')).statusCode).toBe(404);
      expect((await remove(nells, 'neighbourClient')).statusCode).toBe(200);
    });
    await withPermissions(ctx.handle.db, 'manager', ['manage billing'], async () => {
      expect((await remove(cleos, 'otherManager')).statusCode).toBe(404);
      expect((await remove(cleos, 'manager')).statusCode).toBe(200);
    });
  });
});
