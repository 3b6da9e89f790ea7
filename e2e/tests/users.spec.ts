import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, createUser, uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

test.describe('users', () => {
  test('lists, searches and pages users; the filters live in the URL', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('pager');
    for (let n = 1; n <= 12; n++) {
      await createUser(request, { name: `${tag} Person ${String(n).padStart(2, '0')}`, role: 'client' });
    }
    await signInAs(DEMO_USERS.admin);
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    const adminCell = table.getByRole('cell', { name: 'admin@example.com', exact: true });
    await expect(adminCell).toBeVisible();
    const adminRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'admin@example.com', exact: true }) });
    await expect(adminRow).toContainText('Admin');

    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await expect(table.getByRole('cell', { name: `${tag} Person 12`, exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(page.getByText('1–12 of 12')).toBeVisible();
    await expect(page).toHaveURL(/per_page=25/);

    // A reload keeps the search and page size.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(tag);
    await expect(page.getByText('1–12 of 12')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(`${tag}-nobody`);
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  });

  test('creates a user, with the spec messages and the initial-password note', async ({ page, signInAs }) => {
    const tag = uniqueTag('create');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/users');
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/users\/create$/);
    await expect(page.getByText(/see their initial password once/)).toBeVisible();

    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Role is required')).toBeVisible();

    await page.getByLabel('Name').fill(`${tag} Dana`);
    await page.getByLabel('Email').fill('dana@nowhere');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Enter a valid email')).toBeVisible();

    // Only a super-admin may hand out the admin role.
    await page.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option', { name: 'Manager' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'Manager' }).click();

    // The server's 422 lands under its field.
    await page.getByLabel('Email').fill('manager@example.com');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.locator('#email-helper-text')).toHaveText('The email has already been taken.');

    await page.getByLabel('Email').fill(`${tag}@example.com`);
    await page.getByRole('combobox', { name: 'Warehouses' }).click();
    await page.getByRole('option', { name: /Dallas Distribution Hub/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create User' }).click();

    await expect(page.getByText('User created successfully')).toBeVisible();
    // A server that generates the password (branch `hostile`) answers it once: the dialog shows it first.
    const passwordDialog = page.getByRole('dialog', { name: /Initial password/ });
    await expect(passwordDialog.or(page.getByRole('heading', { name: 'Users', level: 1 }))).toBeVisible();
    if (await passwordDialog.isVisible()) await passwordDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    const row = page.getByRole('row').filter({ hasText: `${tag}@example.com` });
    await expect(row).toContainText(`${tag} Dana`);
    await expect(row).toContainText('Manager');
  });

  test('a super-admin is offered the admin role', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.superAdmin);
    await page.goto('/users/create');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeVisible();
  });

  test('edits a user', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('edit');
    const user = await createUser(request, { name: `${tag} Eve`, role: 'client' });
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/users?search=${tag}`);
    await page.getByRole('link', { name: `Edit ${tag} Eve` }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/edit$`));
    await expect(page.getByLabel('Name')).toHaveValue(`${tag} Eve`);

    await page.getByLabel('Email').fill('eve@bad');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Name').fill(`${tag} Evelyn`);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('User updated successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expect(row).toContainText(`${tag} Evelyn`);
    await expect(row).toContainText('Manager');
  });

  test('deletes a user after confirmation', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('delete');
    await createUser(request, { name: `${tag} Finn`, role: 'client' });
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/users?search=${tag}`);

    await page.getByRole('button', { name: `Delete ${tag} Finn` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${tag} Finn?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: `${tag} Finn`, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${tag} Finn` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('a manager can read the list but sees no add, edit or delete', async ({ page, signInAs, request }) => {
    const manager = await apiAs(request, DEMO_USERS.manager);
    expect(manager.user.permissions).toContain('view users');
    await signInAs(DEMO_USERS.manager);
    await page.goto('/users');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
});
