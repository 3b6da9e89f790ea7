import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, demoWarehouses, uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

/**
 * Staff edit and delete a draft invoice's manual lines on /billing (the derived lines have no such
 * buttons). A draft of a new account for a past month gets two manual lines through the API; on the screen one is
 * edited (its amount and the total follow) and the other deleted. Axe and overflow at 1440 px and 390 px.
 */
test.describe('billing draft lines', () => {
  test.describe.configure({ timeout: 120_000 });
  test('edit and delete manual lines of a draft; at 1440 px and 390 px', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('DRL');
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
    const { invoice } = await admin.post<{ invoice: { id: number } }>('/invoices', {
      account_id: account.id,
      from: '2024-02-01',
      to: '2024-02-29',
    });
    for (const description of [`${tag} kitting`, `${tag} gift wrap`]) {
      await admin.post(`/invoices/${invoice.id}/lines`, { description, quantity: 2, rate_micros: 1_500_000 });
    }

    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: `${tag} Goods` });
    await row.getByRole('button', { name: 'Open' }).click();
    const panel = page.getByRole('heading', { name: new RegExp(`Draft invoice · ${tag} Goods`) });
    await expect(panel).toBeVisible();
    await page.getByRole('button', { name: /Manual charges/ }).click();

    // Edit the kitting line: 3 × $2.5000 = $7.50; with gift wrap's $3.00 the draft comes to $10.50.
    await page.getByRole('button', { name: `Edit line ${tag} kitting` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit manual line' });
    await dialog.getByLabel('Description').fill(`${tag} kitting, boxed`);
    await dialog.getByLabel('Quantity').fill('3');
    await dialog.getByLabel('Rate').fill('2.5');
    await dialog.getByRole('button', { name: 'Save line' }).click();
    await expect(page.getByText('Line updated')).toBeVisible();
    const lines = page.getByRole('table', { name: 'Manual charges lines' });
    await expect(lines.getByRole('row').filter({ hasText: `${tag} kitting, boxed` })).toContainText('$7.50');
    await expect(page.getByText('Total $10.50')).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing draft lines');
    await expectNoHorizontalOverflow(page, 'billing draft lines');

    // On a phone: delete the gift wrap line after confirming.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: `Delete line ${tag} gift wrap` }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Line deleted')).toBeVisible();
    await expect(lines.getByRole('row').filter({ hasText: `${tag} gift wrap` })).toHaveCount(0);
    await expect(page.getByText('Total $7.50')).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'billing draft lines (phone)');
    await expectNoHorizontalOverflow(page, 'billing draft lines (phone)');
  });
});
