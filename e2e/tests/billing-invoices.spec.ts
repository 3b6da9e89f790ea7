import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, demoWarehouses, uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

/**
 * Issue 23 (charges and invoices): a new account of client2 gets its own rate for receiving (from tomorrow: rates
 * never reach a day already begun) and a packing charge two months ago, plus a manual kitting charge today. Staff
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
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const past = new Date();
    past.setUTCDate(1);
    past.setUTCMonth(past.getUTCMonth() - 2);
    const pastMonth = past.toISOString().slice(0, 7);
    const { rate_card: card } = await admin.post<{ rate_card: { id: number } }>('/rate-cards', {
      account_id: account.id,
    });
    await admin.put(`/rate-cards/${card.id}`, {
      effective_from: tomorrow,
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
    // This month so far: today's shipment is not priced by the rate that starts tomorrow; the kitting is.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: /Manual charges/ })).toContainText('$6.00');
    await expect(page.getByRole('button', { name: /Per inbound shipment verified/ })).toHaveCount(0);
    expect(shipment.id).toBeGreaterThan(0);
    // The past month, which has ended everywhere: its packing charge is what gets invoiced.
    await page.getByLabel('Month').fill(pastMonth);
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
});
