import { ACCOUNT_MESSAGES } from '@wms/contract/accounts';
import { BILLING_SETTINGS_MESSAGES } from '@wms/contract/billing-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './support/images';
import { pdfText } from './support/pdf-text';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The invoice is a document a client can pay — the installation's billing settings (issuer), the
 * account's billing address and payment terms (default 30 days), issue and due dates; a void invoice is stamped VOID.
 * The PDF is read back as text (pdftotext), not trusted from the code that draws it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const settings = {
  company_name: 'Northwind Fulfilment Ltd',
  address: '12 Harbour Road\nAustin, TX 78701',
  tax_id: 'US-99-1234567',
  logo: `data:image/png;base64,${png(40, 20).toString('base64')}`,
};
const readSettings = async () => (await ctx.as('admin', { method: 'GET', url: '/api/billing-settings' })).json();
const putSettings = (actor: 'admin' | 'client' | 'manager', payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'PUT', url: '/api/billing-settings', payload });
const readAccount = async (id: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/accounts/${id}` })).json().data;
const editAccount = async (id: number, changes: Record<string, unknown>) => {
  const account = await readAccount(id);
  return ctx.as('admin', {
    method: 'PUT',
    url: `/api/accounts/${id}`,
    payload: {
      name: account.name,
      warehouse_ids: account.warehouse_ids,
      status: account.status,
      user_id: account.user_id,
      ...changes,
    },
  });
};
const pdfOf = async (id: number, actor: 'admin' | 'otherClient' = 'admin') => {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/invoices/${id}/pdf` });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('billing settings', () => {
  it('are saved by whoever manages billing, refused to others, and validated', async () => {
    for (const actor of ['client', 'manager'] as const) {
      expect((await putSettings(actor, settings)).statusCode, actor).toBe(403);
      expect((await ctx.as(actor, { method: 'GET', url: '/api/billing-settings' })).statusCode, actor).toBe(403);
    }
    const before = await readSettings();
    expect(before.settings).toMatchObject({ company_name: '', logo: null });

    const blank = await putSettings('admin', { ...settings, company_name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.company_name).toEqual([BILLING_SETTINGS_MESSAGES.companyNameRequired]);
    const notImage = await putSettings('admin', { ...settings, logo: 'data:text/html;base64,PGgxPg==' });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.logo).toEqual([BILLING_SETTINGS_MESSAGES.logoInvalid]);
    const huge = await putSettings('admin', { ...settings, logo: `data:image/png;base64,${'A'.repeat(300_000)}` });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.logo).toEqual([BILLING_SETTINGS_MESSAGES.logoTooLarge]);
    // Refused writes changed nothing.
    expect(await readSettings()).toEqual(before);

    const saved = await putSettings('admin', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ settings, message: BILLING_SETTINGS_MESSAGES.saved });
    expect((await readSettings()).settings).toMatchObject(settings);
  });
});

describe("an account's billing address and payment terms", () => {
  it('default to 30 days, are set on the account form and validated', async () => {
    const id = ctx.world.accounts.otherClient;
    expect(await readAccount(id)).toMatchObject({ billing_address: null, payment_terms_days: 30 });
    for (const terms of [-1, 366, 1.5, '30']) {
      const refused = await editAccount(id, { payment_terms_days: terms });
      expect(refused.statusCode, String(terms)).toBe(422);
      expect(refused.json().errors.payment_terms_days).toEqual([ACCOUNT_MESSAGES.paymentTermsInvalid]);
    }
    expect(await readAccount(id)).toMatchObject({ billing_address: null, payment_terms_days: 30 });

    const saved = await editAccount(id, {
      billing_address: 'Accounts payable\n4 Mill Lane\nBoston, MA',
      payment_terms_days: 45,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      billing_address: 'Accounts payable\n4 Mill Lane\nBoston, MA',
      payment_terms_days: 45,
    });
    // A form that leaves them out keeps them.
    expect((await editAccount(id, {})).json().data).toMatchObject({ payment_terms_days: 45 });
  });
});

describe('the invoice PDF', () => {
  it('names the issuer, the bill-to address, issue and due dates and terms; frozen when finalized; VOID when void', async () => {
    const account = ctx.world.accounts.otherClient;
    expect((await putSettings('admin', settings)).statusCode).toBe(200);
    expect(
      (
        await editAccount(account, {
          billing_address: 'Accounts payable\n4 Mill Lane\nBoston, MA',
          payment_terms_days: 45,
        })
      ).statusCode,
    ).toBe(200);
    const charge = await ctx.as('admin', {
      method: 'POST',
      url: '/api/billing/manual-charges',
      payload: {
        account_id: account,
        charge_date: '2022-03-10',
        description: 'Kitting',
        quantity: 2,
        rate_micros: 1_500_000,
      },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: { account_id: account, from: '2022-03-01', to: '2022-03-31' },
    });
    const draftId = created.json().invoice.id as number;

    const draft = await pdfOf(draftId);
    expect(draft).toContain('DRAFT INVOICE');
    expect(draft).toContain('Issue date: not issued (draft)');
    expect(draft).not.toContain('VOID');

    const finalized = (await ctx.as('admin', { method: 'POST', url: `/api/invoices/${draftId}/finalize` })).json()
      .invoice;
    const today = new Date().toISOString().slice(0, 10);
    expect(finalized).toMatchObject({
      issued_on: today,
      due_on: addDays(today, 45),
      payment_terms_days: 45,
      bill_to_address: 'Accounts payable\n4 Mill Lane\nBoston, MA',
      issuer: { company_name: settings.company_name, address: settings.address, tax_id: settings.tax_id },
    });
    const text = await pdfOf(draftId);
    for (const expected of [
      'Northwind Fulfilment Ltd',
      '12 Harbour Road',
      'Austin, TX 78701',
      'Tax ID: US-99-1234567',
      'Bill to',
      'Otto Trading',
      '4 Mill Lane',
      'Boston, MA',
      `Issue date: ${today}`,
      `Due date: ${addDays(today, 45)}`,
      'Payment terms: net 45 days',
      finalized.number,
      `Please pay $3.00 by ${addDays(today, 45)}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('VOID');
    // The client reads the same document.
    expect(await pdfOf(draftId, 'otherClient')).toContain('Northwind Fulfilment Ltd');

    // Later changes to the settings or the account leave the finalized document as it was sent.
    expect((await putSettings('admin', { ...settings, company_name: 'Renamed Co' })).statusCode).toBe(200);
    expect((await editAccount(account, { billing_address: 'Elsewhere', payment_terms_days: 10 })).statusCode).toBe(200);
    const later = await pdfOf(draftId);
    expect(later).toContain('Northwind Fulfilment Ltd');
    expect(later).toContain('4 Mill Lane');
    expect(later).toContain(`Due date: ${addDays(today, 45)}`);
    expect(later).not.toContain('Renamed Co');

    const voided = await ctx.as('admin', {
      method: 'POST',
      url: `/api/invoices/${draftId}/void`,
      payload: { reason: 'Wrong rate' },
    });
    expect(voided.statusCode).toBe(200);
    const stamped = await pdfOf(draftId);
    expect(stamped).toContain('VOID: Wrong rate');
    expect(stamped).not.toContain('Please pay');
    // The watermark: a "VOID" of its own, besides the reason line.
    expect(stamped.match(/\bVOID\b(?!:)/g)).toHaveLength(1);
  });
});
