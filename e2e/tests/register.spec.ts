import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, uniqueEmail } from '../fixtures/demo';
import { stored } from '../fixtures/session';

test.describe('registration', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  test('validates every field with the spec messages', async ({ page }) => {
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Password confirmation is required')).toBeVisible();
    await expect(page.getByText('At least one warehouse is required')).toBeVisible();

    await page.getByLabel('Email').fill('nobody@nowhere');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    // The confirmation is compared once the other fields are valid (a refinement of the whole form).
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm Password').fill(`${DEMO_PASSWORD}x`);
    await page.getByRole('combobox', { name: 'Warehouses' }).click();
    await page.getByRole('option', { name: /Dallas Distribution Hub/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('filters warehouses by name or code, case-insensitively', async ({ page }) => {
    const warehouses = page.getByRole('combobox', { name: 'Warehouses' });
    await warehouses.fill('dal');
    await expect(page.getByRole('option', { name: /Dallas Distribution Hub/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Newark/ })).toHaveCount(0);
    await warehouses.fill('nwk-01');
    await expect(page.getByRole('option', { name: /Newark Fulfillment Center/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Dallas/ })).toHaveCount(0);
  });

  test('a taken email is shown on the email field', async ({ page }) => {
    await page.getByLabel('Name').fill('Copy Cat');
    await page.getByLabel('Email').fill(DEMO_USERS.client);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await page.getByRole('combobox', { name: 'Warehouses' }).click();
    await page.getByRole('option', { name: /Dallas Distribution Hub/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('The email has already been taken.');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a new user is registered, signed in and told so', async ({ page }) => {
    const email = uniqueEmail('new.client');
    await page.getByLabel('Name').fill('New Client');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await page.getByRole('combobox', { name: 'Warehouses' }).click();
    await page.getByRole('option', { name: /Newark Fulfillment Center/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Registration successful!')).toBeVisible();
    expect(await stored(page, 'user')).toMatchObject({ email, role: 'client' });
    // Registration goes to /dashboard; the guard then asks a client without an account to choose or create one.
    await expect(page).toHaveURL(/\/select-account$/);
    await expect(page.getByText('Please create an account first.')).toBeVisible();
  });
});
