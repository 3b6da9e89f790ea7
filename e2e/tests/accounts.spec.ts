import type { APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, demoWarehouses, signInAsNewUser, uniqueTag } from '../fixtures/masterData';
import { expect, stored, test } from '../fixtures/session';

interface ApiAccount {
  id: number;
  name: string;
  status: 'active' | 'inactive';
}

/** Accounts made by the super-admin for a demo client, for the tests that change them. */
async function createAccounts(request: APIRequestContext, names: string[], status: 'active' | 'inactive' = 'inactive') {
  const admin = await apiAs(request, DEMO_USERS.superAdmin);
  const { users } = await admin.get<{ users: { id: number; email: string }[] }>('/users?role=client&per_page=100');
  const owner = users.find((user) => user.email === DEMO_USERS.client2);
  const [warehouse] = await demoWarehouses(request);
  const created: ApiAccount[] = [];
  for (const name of names) {
    const { data } = await admin.post<{ data: ApiAccount }>('/accounts', {
      name,
      warehouse_ids: [warehouse?.id],
      status,
      account_type: 'regular',
      user_id: owner?.id,
    });
    created.push(data);
  }
  return created;
}

test.describe('accounts', () => {
  test('lists, searches by name or owner, and pages', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('acct');
    await createAccounts(
      request,
      Array.from({ length: 11 }, (_, n) => `${tag} Trading ${String(n + 1).padStart(2, '0')}`),
    );
    await signInAs(DEMO_USERS.admin);
    await page.goto('/accounts');
    const table = page.getByRole('table', { name: 'Accounts' });
    await expect(table.getByText('Northwind Outdoor Co.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByText('1–10 of 11')).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('11–11 of 11')).toBeVisible();
    await expect(table.getByText(`${tag} Trading 11`)).toBeVisible();

    // By owner name: the demo client Olivia owns Northwind and Lumen.
    const owner = (await apiAs(request, DEMO_USERS.client)).user.name;
    await page.getByRole('textbox', { name: 'Search' }).fill(owner);
    await expect(table.getByText('Lumen Home Goods')).toBeVisible();
    await expect(table.getByText('Peak Performance Supplements')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Search' }).fill(`${tag}-none`);
    await expect(page.getByText('No accounts found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  });

  test('staff create an account with every field', async ({ page, signInAs }) => {
    const tag = uniqueTag('new');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/accounts');
    await page.getByRole('link', { name: 'Add Account' }).click();
    await expect(page).toHaveURL(/\/accounts\/create$/);
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Inactive');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account name is required')).toBeVisible();
    await expect(page.getByText('At least one warehouse is required')).toBeVisible();
    await expect(page.getByText('Account owner is required')).toBeVisible();

    await page.getByLabel('Account Name').fill(`${tag} Fresh Foods`);
    await page.getByRole('combobox', { name: 'Warehouses' }).click();
    await page.getByRole('option', { name: /Reno West Coast Warehouse/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Account Owner' }).click();
    await page.getByRole('option', { name: new RegExp(DEMO_USERS.client2) }).click();
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Fast' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Account created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/accounts$/);
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    const row = page.getByRole('row').filter({ hasText: `${tag} Fresh Foods` });
    await expect(row).toContainText('Fast');
    await expect(row.getByRole('combobox', { name: `Status of ${tag} Fresh Foods` })).toHaveText('Inactive');
  });

  test('staff change the status inline, saved at once', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('status');
    await createAccounts(request, [`${tag} Inline Co.`]);
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/accounts?search=${tag}`);
    const status = page.getByRole('combobox', { name: `Status of ${tag} Inline Co.` });
    await expect(status).toHaveText('Inactive');
    await status.click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page.getByText('Status updated successfully')).toBeVisible();
    await page.reload();
    await expect(status).toHaveText('Active');
  });

  test('edits and deletes an account after confirmation', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('edit');
    await createAccounts(request, [`${tag} Old Name`]);
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/accounts?search=${tag}`);
    await page.getByRole('link', { name: `Edit ${tag} Old Name` }).click();
    await expect(page.getByLabel('Account Name')).toHaveValue(`${tag} Old Name`);
    await page.getByLabel('Account Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Account name is required')).toBeVisible();
    await page.getByLabel('Account Name').fill(`${tag} New Name`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Account updated successfully')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    await page.getByRole('button', { name: `Delete ${tag} New Name` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${tag} New Name?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Account deleted successfully')).toBeVisible();
    await expect(page.getByText('No accounts found')).toBeVisible();
  });

  test('staff set the picking settings: a bad shelf life is refused inline, good ones are kept', async ({
    page,
    request,
    signInAs,
  }) => {
    // Two saves and three form loads: more than the default budget on a loaded machine.
    test.slow();
    const tag = uniqueTag('pick');
    await createAccounts(request, [`${tag} Picky Co.`]);
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/accounts?search=${tag}`);
    await page.getByRole('link', { name: `Edit ${tag} Picky Co.` }).click();
    const shelfLife = page.getByLabel('Min remaining shelf life (days)');
    const partial = page.getByLabel('Partial shipment: release what is in stock, backorder the rest');
    await expect(shelfLife).toHaveValue('0');
    await expect(partial).not.toBeChecked();

    await shelfLife.fill('3651');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByText('The minimum remaining shelf life is a whole number of days from 0 to 3650.'),
    ).toBeVisible();
    await shelfLife.fill('21');
    await partial.check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Account updated successfully')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    await page.getByRole('link', { name: `Edit ${tag} Picky Co.` }).click();
    await expect(shelfLife).toHaveValue('21');
    await expect(partial).toBeChecked();
    await expect(page.getByLabel('Lot substitution: pickers may take a lot expiring no sooner')).not.toBeChecked();
  });

  test('deleting an account that holds stock and orders says what it holds and offers no Delete', async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/accounts?search=Northwind');
    await page.getByRole('button', { name: 'Delete Northwind Outdoor Co.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cannot Delete Account' });
    await expect(dialog).toContainText(
      /Northwind Outdoor Co\. still holds [\d,]+ products, [\d,]+ units in stock(,| and) [\d,]+ open orders.*\. Set it to inactive instead of deleting it\./,
    );
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a client creates an account that gets selected; status stays read-only', async ({ page, request }) => {
    const tag = uniqueTag('client');
    const [warehouse] = await demoWarehouses(request);
    await signInAsNewUser(page, request, { name: `${tag} Kim`, role: 'client', warehouse_ids: [warehouse?.id ?? 1] });
    await page.goto('/accounts');
    await expect(page.getByText('No accounts found')).toBeVisible();
    await page.getByRole('link', { name: 'Add Account' }).click();
    await expect(page).toHaveURL(/\/accounts\/create$/);
    await expect(page.getByLabel('Account Name')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Account Owner' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveCount(0);
    await page.getByLabel('Account Name').fill(`${tag} Crafts`);
    await page.getByRole('combobox', { name: 'Warehouses' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Account created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/accounts$/);
    expect(await stored(page, 'selectedAccount')).toMatchObject({ name: `${tag} Crafts`, status: 'inactive' });
    const row = page.getByRole('row').filter({ hasText: `${tag} Crafts` });
    await expect(row).toContainText('Inactive');
    await expect(row.getByRole('combobox')).toHaveCount(0);
  });
});
