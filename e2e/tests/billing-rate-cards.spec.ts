import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, demoWarehouses, uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

/**
 * Billing foundation: an account of its own gets a rate card from the screen, a rate with 4 decimals is
 * set from the date the editor offers (today: an account without a finalized invoice may be priced from any
 * day) and shows in force; then the default card is edited on a 390 px phone. Axe and overflow checks on
 * both sizes.
 */
test.describe('billing rate cards', () => {
  test.describe.configure({ timeout: 120_000 });
  test('add an account card, set a rate, see it saved; at 1440 px and 390 px', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('BILL');
    const admin = await apiAs(request, DEMO_USERS.superAdmin);
    const { users } = await admin.get<{ users: { id: number; email: string }[] }>('/users?role=client&per_page=100');
    const owner = users.find((user) => user.email === DEMO_USERS.client2);
    const [warehouse] = await demoWarehouses(request);
    await admin.post('/accounts', {
      name: `${tag} Goods`,
      warehouse_ids: [warehouse?.id],
      status: 'active',
      account_type: 'regular',
      user_id: owner?.id,
    });

    await signInAs(DEMO_USERS.admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Rate Cards' }).click();
    await expect(page).toHaveURL(/\/billing\/rate-cards$/);
    await expect(page.getByRole('heading', { name: 'Rate Cards', level: 1 })).toBeVisible();

    // Give the new account its own card.
    await page.getByLabel('Account without a card').click();
    await page.getByRole('option', { name: `${tag} Goods` }).click();
    await page.getByRole('button', { name: 'Add account card' }).click();
    await expect(page.getByText('Rate card created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: `New rates for ${tag} Goods` })).toBeVisible();
    await expect(page.getByText('No rates yet')).toBeVisible();

    // A negative rate is refused on its row; a 4-decimal rate is saved from today, the days already worked this
    // month included (no finalized invoice of the account covers them).
    const labelRate = page.getByRole('textbox', { name: 'Per label uploaded rate' });
    await labelRate.fill('-1');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(page.getByText('Rates cannot be negative.')).toBeVisible();
    await labelRate.fill('0.1234');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(page.getByText('Rates saved successfully')).toBeVisible();
    const versions = page.getByRole('table', { name: 'Rate card versions' });
    await expect(versions.getByRole('row').nth(1)).toContainText('In force');
    await expect(versions.getByRole('row').nth(1)).toContainText('Per label uploaded: $0.1234');
    // Saved on the server: a fresh load shows it.
    await page.reload();
    await page.getByRole('combobox', { name: 'Rate card' }).click();
    await page.getByRole('option', { name: `${tag} Goods` }).click();
    await expect(page.getByRole('textbox', { name: 'Per label uploaded rate' })).toHaveValue('0.1234');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'rate cards');
    await expectNoHorizontalOverflow(page, 'rate cards');

    // On a phone: a scheduled change of the default card, a week ahead.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'New rates for Default' })).toBeVisible();
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Effective from').fill(nextWeek);
    await page.getByRole('textbox', { name: 'Per merge item rate' }).fill('0.35');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(page.getByText('Rates saved successfully')).toBeVisible();
    await expect(versions.getByRole('row').filter({ hasText: nextWeek })).toContainText('Scheduled');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'rate cards (phone)');
    await expectNoHorizontalOverflow(page, 'rate cards (phone)');
  });
});
