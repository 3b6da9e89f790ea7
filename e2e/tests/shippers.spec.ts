import type { APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from '../fixtures/demo';
import { apiAs, uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

async function createShippers(request: APIRequestContext, tag: string, count: number) {
  const admin = await apiAs(request, DEMO_USERS.superAdmin);
  const created: { id: number; name: string }[] = [];
  for (let n = 1; n <= count; n++) {
    const { shipper } = await admin.post<{ shipper: { id: number; name: string } }>('/shippers', {
      name: `${tag} Freight ${String(n).padStart(2, '0')}`,
      code: `${tag}-${n}`,
      description: `Regional carrier ${n}`,
      website: 'https://carrier.example.com',
      is_active: true,
    });
    created.push(shipper);
  }
  return created;
}

test.describe('shippers', () => {
  test('lists, searches by name, code or description, and pages', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('ship');
    await createShippers(request, tag, 11);
    await signInAs(DEMO_USERS.admin);
    await page.goto('/shippers');
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    // On a fresh database these may be the only 11 shippers: wait for the (debounced) search itself, or the
    // page change below could land before it and be reset to page 1 when it applies.
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByText('1–10 of 11')).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('11–11 of 11')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill(`${tag}-7`);
    await expect(page.getByRole('link', { name: `${tag} Freight 07`, exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill(`${tag}-none`);
    await expect(page.getByText('No shippers found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  });

  test('creates a shipper, with the spec messages and the tracking rule', async ({ page, signInAs }) => {
    const tag = uniqueTag('SH');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/shippers');
    await page.getByRole('link', { name: 'Add Shipper' }).click();
    await expect(page.getByLabel('Active')).toBeChecked();
    await page.getByRole('button', { name: 'Create Shipper' }).click();
    await expect(page.getByText('Shipper name is required')).toBeVisible();
    await expect(page.getByText('Shipper code is required')).toBeVisible();

    await page.getByLabel('Name').fill(`${tag} Express`);
    await page.getByLabel('Code').fill(tag);
    await page.getByLabel('Description').fill('Next-day parcels');
    await page.getByLabel('Website').fill('https://express.example.com');
    await page.getByLabel('Tracking URL').fill('https://express.example.com/track');
    await page.getByRole('button', { name: 'Create Shipper' }).click();
    await expect(page.getByText('The tracking URL must contain {tracking_number}.')).toBeVisible();
    await page.getByLabel('Tracking URL').fill('https://express.example.com/track?n={tracking_number}');
    await page.getByRole('button', { name: 'Create Shipper' }).click();

    await expect(page.getByText('Shipper created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/shippers$/);
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    const row = page.getByRole('row').filter({ hasText: `${tag} Express` });
    await expect(row).toContainText('Next-day parcels');
    await expect(row.getByRole('link', { name: 'express.example.com' })).toHaveAttribute(
      'href',
      'https://express.example.com',
    );
    await expect(row).toContainText('Active');
    await expect(row.getByLabel('Tracking URL set')).toBeVisible();
  });

  test('shows details, edits and deletes after confirmation', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('det');
    const [shipper] = await createShippers(request, tag, 1);
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/shippers?search=${tag}`);
    await page.getByRole('link', { name: `View ${shipper?.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/shippers/${shipper?.id}$`));
    await expect(page.getByRole('heading', { name: shipper?.name })).toBeVisible();
    await expect(page.getByText('Regional carrier 1')).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name')).toHaveValue(shipper?.name ?? '');
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Shipper name is required')).toBeVisible();
    await page.getByLabel('Name').fill(`${tag} Renamed`);
    await page.getByLabel('Active').uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Shipper updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${tag} Renamed` })).toBeVisible();
    await expect(page.getByText('Inactive')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${tag} Renamed?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Shipper deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/shippers$/);
  });

  test('buttons follow the shippers permissions; View Details is for everyone', async ({ page, request, signInAs }) => {
    const tag = uniqueTag('ro');
    await createShippers(request, tag, 1);
    // The demo client and manager hold create/edit shipments (inbound shipments of their accounts or warehouses),
    // yet shippers are shared by every warehouse: only the shippers permissions (administrators') change them, so
    // both see View Details only, and the forms send them back.
    for (const user of [DEMO_USERS.client, DEMO_USERS.manager]) {
      const caller = await apiAs(request, user);
      expect(caller.user.permissions).toEqual(expect.arrayContaining(['create shipments', 'edit shipments']));
      expect(caller.user.permissions).not.toContain('edit shippers');
      await signInAs(user);
      await page.goto(`/shippers?search=${tag}`);
      await expect(page.getByRole('link', { name: `View ${tag} Freight 01` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add Shipper' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: `Edit ${tag} Freight 01` })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
      await page.goto('/shippers/create');
      await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
      await expect(page).toHaveURL(/\/shippers$/);
    }
  });

  test('a shipper that cannot be loaded returns to the list', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/shippers/999999');
    await expect(page.getByText('Error loading shipper details')).toBeVisible();
    await expect(page).toHaveURL(/\/shippers$/);
    await page.goto('/shippers/999999/edit');
    await expect(page.getByText('Error loading shipper data')).toBeVisible();
    await expect(page).toHaveURL(/\/shippers$/);
  });
});
