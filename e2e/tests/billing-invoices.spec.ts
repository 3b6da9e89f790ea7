import { formatMoney } from '@wms/contract/money';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, demoWarehouses, uniqueTag } from '../fixtures/masterData';
import { apiLogin, expect, storeSession, test } from '../fixtures/session';

/**
 * Charges and invoices: a new account of client2 gets its own rate for receiving (from today: a day not
 * yet invoiced may be repriced) and a packing charge two months ago, plus a manual kitting charge today. Staff
 * preview that past month on /billing (only an ended period may be finalized), make a draft, finalize it and open its
 * PDF; the client then sees the invoice and this month's running charges on /invoices.
 * Axe and overflow checks at 1440 px (billing) and 390 px (invoices).
 */
test.describe('billing and invoices', () => {
  test.describe.configure({ timeout: 150_000 });
  test('preview, finalize and print as staff; see it as the client', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('INV');
    const admin = await apiAs(request, DEMO_USERS.superAdmin);
    const { users } = await admin.get<{ users: { id: number; email: string }[] }>('/users?role=client&per_page=100');
    const owner = users.find((user) => user.email === DEMO_USERS.client2);
    const [warehouse] = await demoWarehouses(request);
    const { data: account } = await admin.post<{ data: { id: number } }>('/accounts', {
      name: `${tag} Goods`,
      warehouse_ids: [warehouse?.id],
      status: 'active',
      account_type: 'regular',
      user_id: owner?.id,
    });
    const today = new Date().toISOString().slice(0, 10);
    const past = new Date();
    past.setUTCDate(1);
    past.setUTCMonth(past.getUTCMonth() - 2);
    const pastMonth = past.toISOString().slice(0, 7);
    const { rate_card: card } = await admin.post<{ rate_card: { id: number } }>('/rate-cards', {
      account_id: account.id,
    });
    await admin.put(`/rate-cards/${card.id}`, {
      effective_from: today,
      rates: { receiving_shipment: { rate_micros: 12_500_000, enabled: true } },
    });
    const { data: product } = await admin.post<{ data: { id: number } }>('/products', {
      sku: `${tag}-SKU`,
      name: `${tag} lantern`,
      account_id: account.id,
    });
    const { data: shipment } = await admin.post<{ data: { id: number } }>('/shipments', {
      account_id: account.id,
      warehouse_id: warehouse?.id,
      product_id: product.id,
      quantity: 5,
    });
    await admin.post(`/shipments/${shipment.id}/verify`, {});
    await admin.post('/billing/manual-charges', {
      account_id: account.id,
      charge_date: `${pastMonth}-10`,
      description: `${tag} packing`,
      quantity: 2,
      rate_micros: 3_000_000,
    });
    await admin.post('/billing/manual-charges', {
      account_id: account.id,
      charge_date: today,
      description: `${tag} kitting`,
      quantity: 2,
      rate_micros: 3_000_000,
    });

    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await page.getByLabel('Account').click();
    await page.getByRole('option', { name: `${tag} Goods` }).click();
    // This month: today's shipment at the account's rate from today (over the demo's default $25.00), the kitting;
    // derived charges stop at today, and the preview says so.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: /Manual charges/ })).toContainText('$6.00');
    await expect(page.getByRole('button', { name: /Per inbound shipment verified/ })).toContainText('$12.50');
    const monthEnd = new Date(Date.UTC(past.getUTCFullYear(), past.getUTCMonth() + 3, 0)).toISOString().slice(0, 10);
    if (today < monthEnd) await expect(page.getByTestId('derived-until')).toContainText(`up to today, ${today}`);
    expect(shipment.id).toBeGreaterThan(0);
    // The past month, which has ended everywhere: its packing charge is what gets invoiced.
    await page.getByRole('textbox', { name: 'Month' }).fill(pastMonth);
    await page.getByRole('button', { name: 'Preview' }).click();
    const manual = page.getByRole('button', { name: /Manual charges/ });
    await expect(manual).toContainText('$6.00');
    await manual.click();
    await expect(page.getByText(`${tag} packing`)).toBeVisible();

    await page.getByRole('button', { name: 'Create draft invoice' }).click();
    await expect(page.getByText('Draft invoice created')).toBeVisible();
    await page.getByRole('button', { name: 'Finalize', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalize' }).click();
    await expect(page.getByText('Invoice finalized')).toBeVisible();
    const heading = page.getByRole('heading', { name: /^INV-\d{4}-\d{6}/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? '').split(' ')[0] ?? '';
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).first().click();
    expect((await downloading).suggestedFilename()).toBe(`${number}.pdf`);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing');
    await expectNoHorizontalOverflow(page, 'billing');

    // The client, on a phone: the finalized invoice and the running charges of the month.
    await signInAs(DEMO_USERS.client2);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await page.getByLabel('Billed account').click();
    await page.getByRole('option', { name: `${tag} Goods` }).click();
    await expect(page.getByRole('table', { name: 'Invoices' })).toContainText(number);
    await page.getByRole('button', { name: /Manual charges/ }).click();
    await expect(page.getByText(`${tag} kitting`)).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'invoices (phone)');
    await expectNoHorizontalOverflow(page, 'invoices (phone)');
  });

  test('the billing dashboard shows a finalized invoice; a manual charge is listed and deleted', async ({
    page,
    request,
    signInAs,
  }) => {
    const tag = uniqueTag('DASH');
    const admin = await apiAs(request, DEMO_USERS.superAdmin);
    const { users } = await admin.get<{ users: { id: number; email: string }[] }>('/users?role=client&per_page=100');
    const [warehouse] = await demoWarehouses(request);
    const { data: account } = await admin.post<{ data: { id: number } }>('/accounts', {
      name: `${tag} Goods`,
      warehouse_ids: [warehouse?.id],
      status: 'active',
      account_type: 'regular',
      user_id: users.find((user) => user.email === DEMO_USERS.client2)?.id,
    });
    // Last month: a manual charge, invoiced and finalized (revenue). Today: one not yet invoiced (unbilled).
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const charge = (date: string, description: string) =>
      admin.post('/billing/manual-charges', {
        account_id: account.id,
        charge_date: date,
        description,
        quantity: 4,
        rate_micros: 2_500_000,
      });
    await charge(day(first), `${tag} kitting`);
    await charge(day(now), `${tag} gift wrap`);
    const { invoice: draft } = await admin.post<{ invoice: { id: number } }>('/invoices', {
      account_id: account.id,
      from: day(first),
      to: day(last),
    });
    const { invoice } = await admin.post<{ invoice: { number: string; total_cents: number } }>(
      `/invoices/${draft.id}/finalize`,
      {},
    );

    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Billing dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: /Revenue per month/ })).toBeVisible();
    const revenueRow = page
      .getByRole('table', { name: 'Revenue by account' })
      .getByRole('row', { name: new RegExp(tag) });
    await expect(revenueRow).toContainText(formatMoney(invoice.total_cents));
    await expect(page.getByRole('table', { name: 'Revenue by charge type' })).toContainText('Manual charges');
    const unbilledRow = page
      .getByRole('table', { name: 'Unbilled by account' })
      .getByRole('row', { name: new RegExp(tag) });
    // This month so far: today's manual charge, $10.00. On the month's last day the month is whole, so a minimum
    // monthly fee in force tops it up (price-charges.ts minimumLines): the figure is then the server's, at least $10.
    const { dashboard } = await admin.get<{
      dashboard: { unbilled: { to: string; by_account: { account_id: number; total_cents: number }[] } };
    }>('/billing/dashboard');
    const unbilled = dashboard.unbilled.by_account.find((row) => row.account_id === account.id)?.total_cents ?? 0;
    const [year, month, date] = dashboard.unbilled.to.split('-').map(Number) as [number, number, number];
    const monthIsWhole = new Date(Date.UTC(year, month, 0)).getUTCDate() === date;
    if (monthIsWhole) expect(unbilled).toBeGreaterThanOrEqual(1000);
    else expect(unbilled).toBe(1000);
    await expect(unbilledRow).toContainText(formatMoney(unbilled));
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing dashboard');
    await expectNoHorizontalOverflow(page, 'billing dashboard');

    await page.getByRole('tab', { name: 'Manual charges' }).click();
    await expect(page.getByRole('heading', { name: 'Manual charges', level: 1 })).toBeVisible();
    await page.getByLabel('Account', { exact: true }).click();
    await page.getByRole('option', { name: `${tag} Goods` }).click();
    const charges = page.getByRole('table', { name: 'Manual charges' });
    // Last month's charge is frozen in the finalized invoice: named, not deletable.
    await expect(charges.getByRole('row', { name: new RegExp(`${tag} kitting`) })).toContainText(
      `On ${invoice.number}`,
    );
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'manual charges');
    await page.getByRole('button', { name: `Delete ${tag} gift wrap` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Manual charge deleted')).toBeVisible();
    await expect(charges.getByRole('row', { name: new RegExp(`${tag} gift wrap`) })).toHaveCount(0);
    await expect(charges.getByRole('row', { name: new RegExp(`${tag} kitting`) })).toBeVisible();

    // On a phone: both screens fit and pass axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'manual charges (phone)');
    await expectNoHorizontalOverflow(page, 'manual charges (phone)');
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByRole('table', { name: 'Revenue by account' })).toContainText(`${tag} Goods`);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing dashboard (phone)');
    await expectNoHorizontalOverflow(page, 'billing dashboard (phone)');
  });

  /**
   * The client's /invoices opens on the header's working account (not the first
   * name); each invoice downloads as CSV and XLSX there and on the staff screen; staff set the issuer (billing
   * settings) and an account's billing address and terms; a draft of a month not yet over cannot be finalized — the
   * button is disabled with the reason, and nothing in the page throws.
   */
  test('working account, exports, billing settings and a month not yet over', async ({ page, request, signInAs }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const tag = uniqueTag('DOC');
    const admin = await apiAs(request, DEMO_USERS.superAdmin);
    const { users } = await admin.get<{ users: { id: number; email: string }[] }>('/users?role=client&per_page=100');
    const [warehouse] = await demoWarehouses(request);
    // "ZZ …": never the client's first account by name, so only the working-account rule opens on it.
    const { data: account } = await admin.post<{ data: { id: number; name: string } }>('/accounts', {
      name: `ZZ ${tag} Working`,
      warehouse_ids: [warehouse?.id],
      status: 'active',
      account_type: 'regular',
      user_id: users.find((user) => user.email === DEMO_USERS.client2)?.id,
    });
    const now = new Date();
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    await admin.post('/billing/manual-charges', {
      account_id: account.id,
      charge_date: day(first),
      description: `${tag} kitting`,
      quantity: 1,
      rate_micros: 4_000_000,
    });
    const { invoice: draft } = await admin.post<{ invoice: { id: number } }>('/invoices', {
      account_id: account.id,
      from: day(first),
      to: day(last),
    });
    const { invoice } = await admin.post<{ invoice: { number: string } }>(`/invoices/${draft.id}/finalize`, {});

    // The client works in that account (the header's selection): /invoices opens on it.
    const client = await apiLogin(request, DEMO_USERS.client2);
    const auth = { headers: { Authorization: `Bearer ${client.token}` } };
    const working = await (await request.get(`/api/accounts/${account.id}`, auth)).json();
    await storeSession(page, { ...client, account: working.data, warehouse: warehouse as never });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/invoices');
    await expect(page.getByLabel('Billed account')).toContainText(account.name);
    const clientTable = page.getByRole('table', { name: 'Invoices' });
    await expect(clientTable).toContainText(invoice.number);
    for (const format of ['csv', 'xlsx'] as const) {
      const downloading = page.waitForEvent('download');
      await clientTable.getByRole('button', { name: `${format.toUpperCase()} of ${invoice.number}` }).click();
      expect((await downloading).suggestedFilename()).toBe(`${invoice.number}.${format}`);
    }
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'invoices with exports (phone)');
    await expectNoHorizontalOverflow(page, 'invoices with exports (phone)');

    // Staff: the issuer on the billing settings screen, and the account's billing address and terms.
    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Billing settings', level: 1 })).toBeVisible();
    await page.getByLabel('Company name').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Enter the company name printed on invoices.')).toBeVisible();
    await page.getByLabel('Company name').fill(`${tag} Logistics`);
    await page.getByLabel('Address').fill('1 Dock Street\nAustin, TX');
    await page.getByLabel('Tax ID').fill('TX-123');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Billing settings saved')).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing settings');
    await page.reload();
    await expect(page.getByLabel('Company name')).toHaveValue(`${tag} Logistics`);

    await page.goto(`/accounts/${account.id}/edit`);
    // A full page load on a busy machine: the account may take a while to come.
    await expect(page.getByLabel('Payment terms (days)')).toHaveValue('30', { timeout: 30_000 });
    await page.getByLabel('Billing address').fill('Accounts payable\n9 Quay Road');
    await page.getByLabel('Payment terms (days)').fill('14');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Account updated successfully')).toBeVisible();
    const saved = await admin.get<{ data: { billing_address: string; payment_terms_days: number } }>(
      `/accounts/${account.id}`,
    );
    expect(saved.data).toMatchObject({ billing_address: 'Accounts payable\n9 Quay Road', payment_terms_days: 14 });

    // The staff invoice screen: CSV and XLSX of the finalized invoice.
    await page.goto('/billing');
    const staffRow = page
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row', { name: new RegExp(invoice.number) });
    await staffRow.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(invoice.number) })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XLSX', exact: true }).click();
    expect((await downloading).suggestedFilename()).toBe(`${invoice.number}.xlsx`);

    // This month has not ended: its draft cannot be finalized, and the page says why.
    await page.getByLabel('Account').click();
    await page.getByRole('option', { name: account.name }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Create draft invoice' }).click();
    await expect(page.getByText('Draft invoice created')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalize', exact: true })).toBeDisabled();
    await expect(page.getByText(/The period has not ended yet/)).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing with an unfinished month');
    expect(pageErrors).toEqual([]);
  });
});
