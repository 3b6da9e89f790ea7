import { DEMO_USERS } from '../fixtures/demo';
import { createUser, uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

test.describe('warehouses', () => {
  test('adds, edits, staffs and deletes a warehouse', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('WH');
    const worker = await createUser(request, { name: `${tag} Worker`, role: 'manager' });
    await signInAs(DEMO_USERS.admin);
    await page.goto('/warehouses');
    const table = page.getByRole('table', { name: 'Warehouses' });
    await expect(table.getByText('Newark Fulfillment Center')).toBeVisible();

    // Add, with the required-field messages first.
    await page.getByRole('button', { name: 'Add Warehouse' }).click();
    const form = page.getByRole('dialog', { name: 'Add Warehouse' });
    await form.getByRole('button', { name: 'Add Warehouse' }).click();
    await expect(form.getByText('this field is required')).toHaveCount(2);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${tag} Cold Store`);
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(tag);
    await form.getByLabel('City').fill('Memphis');
    await form.getByLabel('State').fill('TN');
    await form.getByLabel('Manager Name').fill('Rosa Diaz');
    await form.getByRole('button', { name: 'Add Warehouse' }).click();
    await expect(page.getByText('Warehouse created successfully')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    const row = table.getByRole('row').filter({ hasText: `${tag} Cold Store` });
    await expect(row).toContainText('Memphis');
    await expect(row).toContainText('TN');
    await expect(row).toContainText('No users');
    await expect(row).toContainText('Active');

    // A code already in use is refused on its field.
    await page.getByRole('button', { name: 'Add Warehouse' }).click();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${tag} Duplicate`);
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(tag);
    await form.getByRole('button', { name: 'Add Warehouse' }).click();
    await expect(form.getByText('The code has already been taken.')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Edit: make it inactive.
    await row.getByRole('button', { name: `Edit ${tag} Cold Store` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Warehouse' });
    await expect(edit.getByLabel('City')).toHaveValue('Memphis');
    await edit.getByLabel('Active').uncheck();
    await edit.getByLabel('Notes').fill('Seasonal site');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Warehouse updated successfully')).toBeVisible();
    await expect(row).toContainText('Inactive');

    // Manage users: assign, then remove after confirmation.
    await row.getByRole('button', { name: `Manage users of ${tag} Cold Store` }).click();
    const manage = page.getByRole('dialog', { name: /Manage Users/ });
    await expect(manage.getByText('No users are assigned to this warehouse yet.')).toBeVisible();
    await manage.getByRole('combobox', { name: 'Add users' }).fill(tag);
    await page.getByRole('option', { name: new RegExp(worker.email) }).click();
    await manage.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('Users assigned successfully')).toBeVisible();
    await expect(manage.getByRole('list', { name: 'Assigned users' })).toContainText(worker.email);
    // The Assigned Users column names them (seen once the dialog is closed).
    await manage.getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText(worker.name);
    await row.getByRole('button', { name: `Manage users of ${tag} Cold Store` }).click();
    await manage.getByRole('button', { name: `Remove ${worker.name}` }).click();
    await page.getByRole('dialog', { name: 'Remove User' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('User removed successfully')).toBeVisible();
    await expect(manage.getByText('No users are assigned to this warehouse yet.')).toBeVisible();
    await manage.getByRole('button', { name: 'Close' }).click();

    // Delete after confirmation.
    await row.getByRole('button', { name: `Delete ${tag} Cold Store` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText(`Delete warehouse "${tag} Cold Store"? This action cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Warehouse deleted successfully')).toBeVisible();
    await expect(page.getByText('No warehouses found')).toBeVisible();
  });

  test('keeps the walking model’s spacing, in centimetres', async ({ page, signInAs }) => {
    const tag = uniqueTag('WK');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/warehouses');
    await page.getByRole('button', { name: 'Add Warehouse' }).click();
    const form = page.getByRole('dialog', { name: 'Add Warehouse' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${tag} Walk Hall`);
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(tag);
    await expect(form.getByLabel('Aisle spacing')).toHaveValue('300');
    await expect(form.getByLabel('Rack spacing')).toHaveValue('120');
    await form.getByLabel('Aisle spacing').fill('0');
    await form.getByRole('button', { name: 'Add Warehouse' }).click();
    await expect(form.getByText('The aisle spacing is a whole number of centimetres from 1 to 100000.')).toBeVisible();
    await form.getByLabel('Aisle spacing').fill('450');
    await form.getByLabel('Rack spacing').fill('95');
    await form.getByRole('button', { name: 'Add Warehouse' }).click();
    await expect(page.getByText('Warehouse created successfully')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    const row = page
      .getByRole('table', { name: 'Warehouses' })
      .getByRole('row')
      .filter({ hasText: `${tag} Walk Hall` });
    await row.getByRole('button', { name: `Edit ${tag} Walk Hall` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Warehouse' });
    await expect(edit.getByLabel('Aisle spacing')).toHaveValue('450');
    await expect(edit.getByLabel('Rack spacing')).toHaveValue('95');
  });

  test('refuses to delete a warehouse still in use, saying why', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.superAdmin);
    await page.goto('/warehouses?search=Newark');
    await page.getByRole('button', { name: 'Delete Newark Fulfillment Center' }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/Set it to inactive instead of deleting it/)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Newark Fulfillment Center', exact: true })).toBeVisible();
  });

  test('shows statistics of a warehouse', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/warehouses');
    await page.getByRole('button', { name: 'Statistics of Newark Fulfillment Center' }).click();
    const dialog = page.getByRole('dialog', { name: /Warehouse Statistics/ });
    await expect(dialog.getByRole('group', { name: 'Accounts' })).toContainText(/\d+ active/);
    await expect(dialog.getByRole('group', { name: 'Units on hand' })).toContainText(/\d/);
    await expect(dialog.getByRole('group', { name: 'Assigned users' })).toBeVisible();
  });

  test('a client sees the warehouses read-only', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.client);
    await page.goto('/warehouses');
    await expect(page.getByRole('table', { name: 'Warehouses' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Warehouse' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Manage users/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
});
