import { DEMO_USERS } from '../fixtures/demo';
import { apiAs } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

test.describe('roles', () => {
  test('a super-admin edits the matrix; each change is saved at once', async ({ page, request, signInAs }) => {
    await signInAs(DEMO_USERS.superAdmin);
    await page.goto('/roles');
    const cell = page.getByRole('checkbox', { name: 'Manager: delete inquiries' });
    await expect(cell).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Manager: view inquiries' })).toBeChecked();

    await cell.check();
    await expect(page.getByText('Permissions updated successfully')).toBeVisible();
    await page.reload();
    await expect(cell).toBeChecked();
    // The change applies to the manager's next request.
    expect((await apiAs(request, DEMO_USERS.manager)).user.permissions).toContain('delete inquiries');

    // Put it back, so the rest of the suite sees the seeded permissions.
    await expect(cell).toBeEnabled();
    await cell.uncheck();
    await expect(page.getByText('Permissions updated successfully').last()).toBeVisible();
    await page.reload();
    await expect(cell).not.toBeChecked();
    expect((await apiAs(request, DEMO_USERS.manager)).user.permissions).not.toContain('delete inquiries');
  });

  test("the super-admin's column is locked", async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.superAdmin);
    await page.goto('/roles');
    await expect(page.getByRole('checkbox', { name: 'Super Admin: delete users' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Super Admin: delete users' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Admin: delete users', exact: true })).toBeEnabled();
  });

  test('an admin reads the matrix but cannot change it', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/roles');
    await expect(page.getByText('Only a super-admin can change role permissions.')).toBeVisible();
    await expect(page.getByRole('row', { name: /^Roles/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Client: view orders' })).toBeChecked();
    const boxes = page.getByRole('checkbox');
    await expect(boxes.first()).toBeDisabled();
    for (const box of await boxes.all()) await expect(box).toBeDisabled();
  });

  test('a manager without view roles is turned away', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.manager);
    await page.goto('/roles');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
