import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

/**
 * Full-page screenshots of every screen of this issue, for a human to review the look
 * (e2e/test-results/screens/*.png). Each also asserts the screen actually rendered.
 */
const shot = (name: string) => ({
  path: `test-results/screens/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

test('screens', async ({ page, signInAs }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.screenshot(shot('01-login-validation'));

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Warehouses' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.screenshot(shot('02-register'));

  await signInAs(DEMO_USERS.client2, { withSelection: false });
  await page.goto('/select-account');
  await page.getByRole('button', { name: /Peak Performance Supplements/ }).click();
  await page.screenshot(shot('03-select-account'));

  await signInAs(DEMO_USERS.admin);
  await page.goto('/dashboard');
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveText(/\w/);
  await page.screenshot(shot('04-dashboard-admin'));
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.screenshot(shot('05-warehouse-selector'));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.screenshot(shot('06-user-menu'));
  await page.keyboard.press('Escape');

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders Management' })).toBeVisible();
  await page.screenshot(shot('07-orders'));

  await signInAs(DEMO_USERS.client);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.screenshot(shot('08-client-narrow-drawer'));
});
