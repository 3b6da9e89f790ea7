import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import type { TestContext } from '../test-app';

/**
 * Charges and invoices: staff changes need `manage billing` (super-admin, admin); reading invoices and
 * running charges needs `view invoices` (admins and clients), clients reaching only their own accounts' finalized
 * invoices (another client's answer 404). Writes are refused after the permission check (a finalized invoice takes
 * no line and no second finalize, a draft cannot be voided), so the world stays as it was for the next call.
 */
const rows = { account: 0, finalized: 0, draft: 0, frozenCharge: 0 };

export async function seedInvoiceMatrixRows(ctx: TestContext): Promise<void> {
  rows.account = ctx.world.accounts.clientActive;
  const create = async (from: string, to: string) => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: { account_id: rows.account, from, to },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice.id as number;
  };
  // A manual charge in the finalized period: frozen in that invoice, so deleting it is refused (409).
  const charge = await ctx.as('admin', {
    method: 'POST',
    url: '/api/billing/manual-charges',
    payload: {
      account_id: rows.account,
      charge_date: '2020-01-05',
      description: 'Kitting',
      quantity: 1,
      rate_micros: 100,
    },
  });
  expect(charge.statusCode, charge.body).toBe(201);
  rows.frozenCharge = charge.json().manual_charge.id;
  rows.finalized = await create('2020-01-01', '2020-01-31');
  const res = await ctx.as('admin', { method: 'POST', url: `/api/invoices/${rows.finalized}/finalize` });
  expect(res.statusCode, res.body).toBe(200);
  rows.draft = await create('2020-02-01', '2020-02-29');
}

const billingStaff = ['superAdmin', 'admin'] as const;
/** Cleo's finalized invoice: Cleo and admins read it; her neighbour and Otto get 404; managers lack the permission. */
const readers = only(['superAdmin', 'admin', 'client'], 200, { otherClient: 404, neighbourClient: 404 });

export const invoicesMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/billing/preview',
    request: () => ({
      method: 'GET',
      url: `/api/billing/preview?account_id=${rows.account}&from=2020-01-01&to=2020-01-31`,
    }),
    expect: only(billingStaff, 200),
  },
  {
    route: 'GET /api/billing/running-charges',
    request: () => ({ method: 'GET', url: `/api/billing/running-charges?account_id=${rows.account}` }),
    expect: readers,
  },
  {
    route: 'POST /api/billing/manual-charges',
    request: () => ({
      method: 'POST',
      url: '/api/billing/manual-charges',
      payload: {
        account_id: 999_999,
        charge_date: '2020-01-05',
        description: 'Kitting',
        quantity: 1,
        rate_micros: 100,
      },
    }),
    expect: only(billingStaff, 422),
  },
  {
    route: 'GET /api/billing/manual-charges',
    request: () => ({ method: 'GET', url: `/api/billing/manual-charges?account_id=${rows.account}` }),
    expect: only(billingStaff, 200),
  },
  {
    route: 'DELETE /api/billing/manual-charges/:id',
    request: () => ({ method: 'DELETE', url: `/api/billing/manual-charges/${rows.frozenCharge}` }),
    expect: only(billingStaff, 409),
  },
  {
    route: 'GET /api/billing/dashboard',
    request: () => ({ method: 'GET', url: '/api/billing/dashboard' }),
    expect: only(billingStaff, 200),
  },
  {
    route: 'GET /api/invoices',
    request: () => ({ method: 'GET', url: '/api/invoices' }),
    expect: only(['superAdmin', 'admin', 'client', 'otherClient', 'neighbourClient'], 200),
  },
  {
    route: 'POST /api/invoices',
    request: () => ({
      method: 'POST',
      url: '/api/invoices',
      payload: { account_id: 999_999, from: '2020-01-01', to: '2020-01-31' },
    }),
    expect: only(billingStaff, 404),
  },
  {
    route: 'GET /api/invoices/:id',
    request: () => ({ method: 'GET', url: `/api/invoices/${rows.finalized}` }),
    expect: readers,
  },
  {
    route: 'POST /api/invoices/:id/lines',
    request: () => ({
      method: 'POST',
      url: `/api/invoices/${rows.finalized}/lines`,
      payload: { description: 'Late line', quantity: 1, rate_micros: 1_000_000 },
    }),
    expect: only(billingStaff, 409),
  },
  {
    // A finalized invoice's lines never change (409 after the permission check, before the line is looked up).
    route: 'PUT /api/invoices/:id/lines/:lineId',
    request: () => ({
      method: 'PUT',
      url: `/api/invoices/${rows.finalized}/lines/1`,
      payload: { description: 'Late edit', quantity: 1, rate_micros: 1_000_000 },
    }),
    expect: only(billingStaff, 409),
  },
  {
    route: 'DELETE /api/invoices/:id/lines/:lineId',
    request: () => ({ method: 'DELETE', url: `/api/invoices/${rows.finalized}/lines/1` }),
    expect: only(billingStaff, 409),
  },
  {
    route: 'POST /api/invoices/:id/finalize',
    request: () => ({ method: 'POST', url: `/api/invoices/${rows.finalized}/finalize` }),
    expect: only(billingStaff, 409),
  },
  {
    route: 'POST /api/invoices/:id/void',
    request: () => ({ method: 'POST', url: `/api/invoices/${rows.draft}/void`, payload: { reason: 'Typo' } }),
    expect: only(billingStaff, 409),
  },
  {
    route: 'GET /api/invoices/:id/pdf',
    request: () => ({ method: 'GET', url: `/api/invoices/${rows.finalized}/pdf` }),
    expect: readers,
  },
  {
    route: 'GET /api/invoices/:id/export',
    request: () => ({ method: 'GET', url: `/api/invoices/${rows.finalized}/export?format=csv` }),
    expect: readers,
  },
  // The issuer printed on invoices. The write is refused by validation after the permission
  // check (a blank company name), so the settings stay as they were.
  {
    route: 'GET /api/billing-settings',
    request: () => ({ method: 'GET', url: '/api/billing-settings' }),
    expect: only(billingStaff, 200),
  },
  {
    route: 'PUT /api/billing-settings',
    request: () => ({ method: 'PUT', url: '/api/billing-settings', payload: { company_name: ' ' } }),
    expect: only(billingStaff, 422),
  },
];
