import { DEMO_ACCOUNTS, DEMO_WAREHOUSES } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { DEMO_ORDER_CUSTOMERS } from '../fixtures/orderScreens';
import { apiLogin, expect as baseExpect, storeSession, test } from '../fixtures/session';

// These screens wait on several calls; on a loaded shared machine the default 7 s is too tight.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

test.describe('shipped orders archive', () => {
  test('warehouse card, account card, then the shipped orders with filters (no Pending)', async ({ page, request }) => {
    const { token, user } = await apiLogin(request, DEMO_USERS.admin);
    // No header selection yet: the page starts by asking for a warehouse.
    await storeSession(page, { token, user });
    await page.goto('/shipped-orders');
    await expect(page.getByRole('heading', { name: 'Shipped Orders', exact: true })).toBeVisible();
    const warehouses = page.getByRole('group', { name: 'Warehouses' });
    await warehouses.getByRole('button', { name: new RegExp(DEMO_WAREHOUSES.dallas) }).click();
    await expect(page).toHaveURL(/warehouse=\d+/);
    await expect(page.getByRole('heading', { name: 'Select an Account' })).toBeVisible();
    await page
      .getByRole('group', { name: 'Accounts' })
      .getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.peak) })
      .click();
    await expect(page).toHaveURL(/account=\d+/);
    const table = page.getByRole('table', { name: 'Orders' });
    // Shipped 12 days ago: here, though no longer on the orders list.
    await expect(table.getByRole('row', { name: new RegExp(DEMO_ORDER_CUSTOMERS.archived) })).toBeVisible();
    await expect(table.getByRole('row', { name: /Iron Temple Gym/ })).toHaveCount(0);
    await page.screenshot(shot('shipped-orders'));

    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await expect(page.getByRole('option', { name: 'Shipped', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Pending', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('textbox', { name: 'Search' }).fill('nobody-by-this-name');
    await expect(page.getByText('No orders found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(table.getByRole('row', { name: new RegExp(DEMO_ORDER_CUSTOMERS.archived) })).toBeVisible();
  });

  test('a warehouse without accounts says so', async ({ page, request }) => {
    const { token, user } = await apiLogin(request, DEMO_USERS.admin);
    const headers = { Authorization: `Bearer ${token}` };
    const code = `E${Date.now() % 1_000_000}`;
    const created = await request.post('/api/warehouses', {
      headers,
      data: {
        name: `Empty Annex ${code}`,
        code,
        address: '1 Dock Rd',
        city: 'Newark',
        state: 'NJ',
        zip_code: '07102',
        country: 'US',
        is_active: true,
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    await storeSession(page, { token, user });
    await page.goto('/shipped-orders');
    await page
      .getByRole('group', { name: 'Warehouses' })
      .getByRole('button', { name: new RegExp(`Empty Annex ${code}`) })
      .click();
    await expect(page.getByRole('heading', { name: 'No accounts found' })).toBeVisible();
    await expect(page.getByText('This warehouse has no associated accounts')).toBeVisible();
  });

  test('phone width: cards without sideways page scroll', async ({ page, request }) => {
    const { token, user } = await apiLogin(request, DEMO_USERS.admin);
    await storeSession(page, { token, user });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shipped-orders');
    await page
      .getByRole('group', { name: 'Warehouses' })
      .getByRole('button', { name: new RegExp(DEMO_WAREHOUSES.newark) })
      .click();
    await page
      .getByRole('group', { name: 'Accounts' })
      .getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.northwind) })
      .click();
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.screenshot(shot('shipped-orders-390'));
  });
});
