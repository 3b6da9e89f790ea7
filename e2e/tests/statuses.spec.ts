import { DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { DEMO_ORDER_CUSTOMERS, ordersApi } from '../fixtures/orderScreens';
import { expect as baseExpect, test } from '../fixtures/session';

// These screens wait on several calls; on a loaded shared machine the default 7 s is too tight.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

test.describe('statuses', () => {
  test('create with the palette, live preview and the no-module warning; filters and Clear', async ({
    page,
    signInAs,
  }) => {
    const name = `${uniqueTag('St')} Awaiting pickup`;
    await signInAs(DEMO_USERS.admin);
    await page.goto('/statuses');
    await expect(page.getByRole('heading', { name: 'Status Management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Statuses' });
    await expect(table.getByRole('row', { name: /Processing/ })).toBeVisible();
    await page.screenshot(shot('statuses-list'));

    await page.getByRole('link', { name: 'Create Status' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Status' })).toBeVisible();
    // Spec 2 §5: the name is required.
    await page.getByRole('button', { name: 'Create Status' }).click();
    await expect(page.getByText('Status name is required')).toBeVisible();

    await page.getByLabel('Name').fill(name);
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText(name)).toBeVisible();
    await expect(page.getByTestId('no-module-warning')).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio')).toHaveCount(16);
    await page.getByRole('radio', { name: 'Teal' }).click();
    await expect(page.getByRole('radio', { name: 'Teal' })).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Description').fill('Packed and waiting for the carrier');
    await page.getByRole('checkbox', { name: 'Orders', exact: true }).check();
    await expect(page.getByTestId('no-module-warning')).toHaveCount(0);
    await page.screenshot(shot('statuses-create'));
    await page.getByRole('button', { name: 'Create Status' }).click();
    await expect(page.getByText('Status created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/statuses$/);

    // Search (300 ms) narrows to the new status; the module and active filters and Clear go through the URL.
    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    await expect(page).toHaveURL(/search=/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Active' }).click();
    await page.getByRole('option', { name: 'Inactive Only' }).click();
    await expect(page).toHaveURL(/active=false/);
    await expect(page.getByText('No statuses match your filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).not.toHaveURL(/active=|search=/);
    await page.getByRole('combobox', { name: 'Module' }).click();
    await page.getByRole('option', { name: 'Shipments' }).click();
    await expect(page).toHaveURL(/module=shipments/);
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('edit with live preview, toggle active, assign modules', async ({ page, request, signInAs }) => {
    const name = `${uniqueTag('Ed')} Quality hold`;
    const admin = await request.post('/api/login', { data: { email: DEMO_USERS.admin, password: 'Password123!' } });
    const { token } = (await admin.json()) as { token: string };
    const created = await request.post('/api/statuses', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, modules: ['orders'], color: '#3B82F6' },
    });
    expect(created.status()).toBe(201);
    const { status } = (await created.json()) as { status: { id: number } };

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/statuses/${status.id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Status' })).toBeVisible();
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a status name')).toBeVisible();
    await page.getByLabel('Name').fill(`${name} (edited)`);
    await expect(page.getByRole('region', { name: 'Preview' }).getByText(`${name} (edited)`)).toBeVisible();
    await page.getByRole('radio', { name: 'Rose' }).click();
    // Unassigning every module warns that the status becomes unavailable.
    await page.getByRole('checkbox', { name: 'Orders', exact: true }).uncheck();
    await expect(page.getByTestId('no-module-warning')).toContainText('unavailable everywhere');
    await page.getByRole('checkbox', { name: 'Orders', exact: true }).check();
    await page.screenshot(shot('statuses-edit'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Status updated successfully')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(`${name} \\(edited\\)`) });
    await expect(row).toBeVisible();
    await row.getByRole('switch', { name: /^Active:/ }).click();
    await expect(page.getByText('Status deactivated successfully')).toBeVisible();
    await expect(row.getByRole('switch', { name: /^Active:/ })).not.toBeChecked();
    await row.getByRole('switch', { name: /^Active:/ }).click();
    await expect(page.getByText('Status activated successfully')).toBeVisible();

    await row.getByRole('button', { name: /^Assign modules to/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Inquiries' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Status assigned to modules successfully')).toBeVisible();
    await expect(row.getByText('Inquiries')).toBeVisible();
  });

  test('holds release: the checkbox is saved and shown again', async ({ page, request, signInAs }) => {
    const name = `${uniqueTag('Hold')} Credit hold`;
    const admin = await request.post('/api/login', { data: { email: DEMO_USERS.admin, password: 'Password123!' } });
    const { token } = (await admin.json()) as { token: string };
    const created = await request.post('/api/statuses', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, modules: ['orders'] },
    });
    baseExpect(created.status()).toBe(201);
    const { status } = (await created.json()) as { status: { id: number } };

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/statuses/${status.id}/edit`);
    const holds = page.getByRole('checkbox', {
      name: 'Holds release (orders in this status are not released into waves)',
    });
    await expect(holds).not.toBeChecked();
    await holds.check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Status updated successfully')).toBeVisible();
    await page.goto(`/statuses/${status.id}/edit`);
    await expect(holds).toBeChecked();
  });

  test('a status in use by orders cannot be deleted; an unused one can; the rules’ own have no delete', async ({
    page,
    request,
    signInAs,
  }) => {
    const tag = uniqueTag('Del');
    const used = `${tag} In use`;
    const unused = `${tag} Unused`;
    const admin = await request.post('/api/login', { data: { email: DEMO_USERS.admin, password: 'Password123!' } });
    const { token } = (await admin.json()) as { token: string };
    for (const name of [used, unused]) {
      const response = await request.post('/api/statuses', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name, modules: ['orders'] },
      });
      expect(response.status()).toBe(201);
    }
    const orders = await ordersApi(request, DEMO_USERS.admin);
    const order = await orders.orderOf(DEMO_ORDER_CUSTOMERS.statusInUse);
    await orders.setStatus(order.id, used);

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/statuses?search=${encodeURIComponent(tag)}`);
    await page.getByRole('button', { name: `Delete ${used}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Are you sure you want to delete the status "${used}"?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('This status is used by orders and cannot be deleted. Deactivate it instead.'),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(used) })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${unused}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Status deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(unused) })).toHaveCount(0);

    await page.goto('/statuses?search=Processing');
    await expect(page.getByRole('row', { name: /Processing/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Processing' })).toHaveCount(0);
  });

  test('phone width: cards, no sideways page scroll', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(DEMO_USERS.admin);
    await page.goto('/statuses');
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.screenshot(shot('statuses-list-390'));
    await page.goto('/statuses/create');
    await expect(page.getByRole('heading', { name: 'Create New Status' })).toBeVisible();
    await page.screenshot(shot('statuses-create-390'));
  });
});
