import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, uniqueEmail } from '../fixtures/demo';
import { apiLogin, test as signedIn, stored, storeSession } from '../fixtures/session';

signedIn.describe('account selection', () => {
  signedIn('only active accounts can be chosen, Continue waits for a choice', async ({ page, signInAs }) => {
    const { user } = await signInAs(DEMO_USERS.client2, { withSelection: false });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/select-account$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();

    const continueButton = page.getByRole('button', { name: 'Continue' });
    const inactive = page.getByRole('button', { name: /^Harbor Coffee Roasters.*Inactive$/ });
    const active = page.getByRole('button', { name: /^Peak Performance Supplements.*Active$/ });
    await expect(continueButton).toBeDisabled();
    await expect(inactive).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await active.click();
    await expect(active).toHaveAttribute('aria-pressed', 'true');
    await continueButton.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await stored(page, 'selectedAccount')).toMatchObject({ name: 'Peak Performance Supplements' });
  });

  signedIn('a client who already has a selected account goes straight on', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.client);
    await page.goto('/select-account');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  signedIn('staff never choose an account', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/select-account');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveCount(0);
  });
});

test('a client without accounts is asked to create one', async ({ page, request }) => {
  const email = uniqueEmail('empty.client');
  const warehouses = (await (await request.get('/api/all-warehouses')).json()) as { data: { id: number }[] };
  const registered = await request.post('/api/register', {
    data: {
      name: 'Empty Client',
      email,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      warehouse_ids: [warehouses.data[0]?.id],
    },
  });
  expect(registered.status()).toBe(201);
  await storeSession(page, await apiLogin(request, email));

  await page.goto('/orders');
  // The page asked for comes back once an account is chosen.
  await expect(page).toHaveURL(/\/select-account\?returnTo=%2Forders$/);
  await expect(page.getByText('Please create an account first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The account routes skip the account check, so a client without one can reach them.
  await expect(page).toHaveURL(/\/accounts\/create$/);
});
