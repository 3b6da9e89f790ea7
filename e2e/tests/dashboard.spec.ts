import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';

test.describe('dashboard', () => {
  test('an administrator sees the non-manager cards, charts and panels, and the timeframe stays in the URL', async ({
    page,
    signInAs,
  }) => {
    test.slow(); // axe over a page of charts takes a while on a busy machine
    await signInAs(DEMO_USERS.admin);
    await page.goto('/dashboard');
    for (const card of ['Total Orders', 'Delayed Orders', 'Total Products', 'Active Warehouses']) {
      await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Pending Orders' })).toHaveCount(0);
    // The header selects one warehouse; the warehouse card still counts all three demo warehouses.
    await expect(page.getByText('of 3 you can access', { exact: true })).toBeVisible();
    await expect(page.getByText('2 active of 3 you can access')).toBeVisible();
    for (const panel of [
      'Inquiry Status Overview',
      'Order Status Overview',
      'Recent Orders',
      'Top Selling Products',
      'My Profile',
      'Quick Actions',
      'Low Stock Alert',
      'Warehouse Overview',
      'Recent Activity',
      'Orders over time',
    ]) {
      await expect(page.getByRole('heading', { name: panel })).toBeVisible();
    }
    await expect(
      page.getByRole('img', { name: /Orders created and shipped per day over the last 30 days/ }),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Timeframe' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(/timeframe=7/);
    await expect(page.getByRole('img', { name: /over the last 7 days/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('img', { name: /over the last 7 days/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'dashboard (admin)');
  });

  test('a manager sees pending and shipped cards and top accounts; links go where the spec says', async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO_USERS.manager);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Pending Orders' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shipped Orders' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top Accounts by Orders' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Low Stock Alert' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Processing Orders' })).toHaveAttribute(
      'href',
      '/orders?status=processing',
    );
    await page.getByRole('link', { name: /^Open/ }).click();
    await expect(page).toHaveURL(/\/inquiries\?status=open$/);
  });

  test('a client sees its own overview at phone width without horizontal overflow', async ({ page, signInAs }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(DEMO_USERS.client);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Total Products', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Low Stock Alert' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All' }).last()).toBeVisible();
    await expectNoHorizontalOverflow(page, 'dashboard (client, 390 px)');
    await expectNoSeriousAxeViolations(page, 'dashboard (client, 390 px)');
  });
});
