import { DEMO_USERS } from '../fixtures/demo';
import { waitForQuietNetwork } from '../fixtures/network';
import { expect, test } from '../fixtures/session';

/** Screenshots of the master data screens for a human to review (e2e/test-results/screens/md-*.png). */
const shot = (name: string) => ({
  path: `test-results/screens/md-${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

test('master data screens', async ({ page, signInAs }) => {
  // Many full-page screenshots: generous on a shared, busy machine.
  test.setTimeout(90_000);
  await signInAs(DEMO_USERS.superAdmin);
  await page.goto('/users');
  await expect(page.getByRole('cell', { name: 'admin@example.com', exact: true })).toBeVisible();
  await page.screenshot(shot('01-users'));
  await page.goto('/users/create');
  await page.getByRole('button', { name: 'Create User' }).click();
  await page.screenshot(shot('02-user-create'));
  await page.goto('/roles');
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await page.screenshot(shot('03-roles'));
  await page.goto('/setting');
  await expect(page.getByLabel('Occupation')).toBeVisible();
  await page.screenshot(shot('04-setting'));
  await page.goto('/accounts');
  await expect(page.getByText('Northwind Outdoor Co.')).toBeVisible();
  await page.screenshot(shot('05-accounts'));
  await page.goto('/accounts/create');
  await page.screenshot(shot('06-account-create'));
  await page.goto('/warehouses');
  await expect(page.getByText('Newark Fulfillment Center')).toBeVisible();
  await page.screenshot(shot('07-warehouses'));
  await page.getByRole('button', { name: 'Edit Newark Fulfillment Center' }).click();
  await page.screenshot(shot('08-warehouse-edit'));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Manage users of Newark Fulfillment Center' }).click();
  await expect(page.getByRole('list', { name: 'Assigned users' })).toBeVisible();
  await page.screenshot(shot('09-warehouse-users'));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Statistics of Newark Fulfillment Center' }).click();
  await expect(page.getByRole('group', { name: 'Units on hand' })).toBeVisible();
  await page.screenshot(shot('10-warehouse-statistics'));
  await page.keyboard.press('Escape');
  await page.goto('/shippers');
  await waitForQuietNetwork(page);
  await page.screenshot(shot('11-shippers'));
  await page.goto('/shippers/create');
  await page.screenshot(shot('12-shipper-create'));
});
