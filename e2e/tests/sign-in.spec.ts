import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../fixtures/demo';
import { stored } from '../fixtures/session';

// The one spec that signs in through the form; every other spec uses the API fixture.
test.describe('sign in', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('the root path redirects to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the layout: warehouse icon brand WMS and a link to registration', async ({ page }) => {
    await expect(page.getByText('WMS', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Create one' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  test('requires email and password', async ({ page }) => {
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('rejects an email that does not match the pattern', async ({ page }) => {
    for (const bad of ['client', 'client@example', 'client@example.c0m']) {
      await page.getByLabel('Email').fill(bad);
      await page.getByLabel('Password', { exact: true }).fill('x');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Please enter a valid email'), bad).toBeVisible();
    }
  });

  test('a wrong password shows the server message under the email field', async ({ page }) => {
    await page.getByLabel('Email').fill(DEMO_USERS.admin);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const email = page.getByLabel('Email');
    await expect(email).toHaveAccessibleDescription('These credentials do not match our records.');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
    expect(await stored(page, 'token')).toBeNull();
  });

  test('an admin lands on the dashboard with the session stored', async ({ page }) => {
    await page.getByLabel('Email').fill(DEMO_USERS.admin);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(await stored(page, 'token')).toEqual(expect.any(String));
    expect(await stored(page, 'user')).toMatchObject({ email: DEMO_USERS.admin, role: 'admin' });

    // Signed in, the sign-in page is no longer offered.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a client without a selected account is sent to account selection', async ({ page }) => {
    await page.getByLabel('Email').fill(DEMO_USERS.client);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/select-account$/);
  });
});
