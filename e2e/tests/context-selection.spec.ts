import { DEMO_USERS } from '../fixtures/demo';
import { expect, stored, test } from '../fixtures/session';

test.describe('warehouse and account selectors', () => {
  test('staff get the first active warehouse selected; inactive ones cannot be chosen', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/dashboard');
    const warehouse = page.getByRole('combobox', { name: 'Warehouse' });
    await expect(warehouse).toHaveText('Dallas Distribution Hub');
    expect(await stored(page, 'selectedWarehouse')).toMatchObject({ name: 'Dallas Distribution Hub' });
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveCount(0);

    await warehouse.click();
    await expect(page.getByRole('option', { name: /Reno West Coast Warehouse/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByRole('option', { name: /Newark Fulfillment Center/ })).toContainText('NWK-01');
    await expect(page.getByRole('option', { name: /Newark Fulfillment Center/ })).toContainText('Newark');
  });

  test('a client changing warehouse stays on the page, with an account linked there', async ({ page, signInAs }) => {
    const session = await signInAs(DEMO_USERS.client);
    expect(session.account?.name).toBe('Lumen Home Goods'); // linked to Newark only
    await page.goto('/products?search=a');
    await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveText('Newark Fulfillment Center');
    let reloaded = false;
    page.on('load', () => {
      reloaded = true;
    });

    await page.getByRole('combobox', { name: 'Warehouse' }).click();
    const productsOfDallas = page.waitForRequest(
      (request) => request.url().includes('/api/accounts/') && request.url().includes('warehouse_id=2'),
    );
    await page.getByRole('option', { name: /Dallas Distribution Hub/ }).click();
    await productsOfDallas;

    await expect(page).toHaveURL(/\/products\?search=a$/);
    expect(reloaded).toBe(false);
    // Lumen is not linked to Dallas: the client's account there takes its place.
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText('Northwind Outdoor Co.');
    expect(await stored(page, 'selectedAccount')).toMatchObject({ name: 'Northwind Outdoor Co.' });

    // Valid pairs only: in Dallas the account selector offers Northwind, not Lumen.
    await page.getByRole('combobox', { name: 'Account' }).click();
    await expect(page.getByRole('option', { name: /Northwind Outdoor Co\./ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Lumen Home Goods/ })).toHaveCount(0);
  });

  test('switching account stores it and keeps the page', async ({ page, signInAs }) => {
    const session = await signInAs(DEMO_USERS.client);
    await page.goto('/inventories');
    const account = page.getByRole('combobox', { name: 'Account' });
    await expect(account).toHaveText(session.account?.name ?? '');
    await account.click();
    const other = page
      .getByRole('option')
      .filter({ hasNotText: session.account?.name ?? '' })
      .first();
    const otherName = (await other.locator('.MuiListItemText-primary').textContent()) ?? '';
    await other.click();
    expect(await stored(page, 'selectedAccount')).toMatchObject({ name: otherName });
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText(otherName);
    await expect(page).toHaveURL(/\/inventories$/);
  });

  test('the staff product list waits for the header warehouse, however slow its list', async ({ page, signInAs }) => {
    const session = await signInAs(DEMO_USERS.admin);
    // A first visit: nothing selected yet, and /api/warehouses answers late.
    await page.evaluate(() => localStorage.removeItem('selectedWarehouse'));
    await page.route('**/api/warehouses?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const productCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products') productCalls.push(request.url());
    });
    await page.goto('/products');
    await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveText('Dallas Distribution Hub');
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toBeVisible();
    expect(productCalls.length).toBeGreaterThan(0);
    for (const url of productCalls) expect(new URL(url).searchParams.get('warehouse_id')).not.toBeNull();
    expect(session.user.role).toBe('admin');
  });

  test('pages that ignore the header say so', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    for (const path of ['/users', '/accounts', '/warehouses', '/shippers', '/roles']) {
      await page.goto(path);
      await expect(page.getByTestId('scope-chip'), path).toHaveText('All warehouses');
    }
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByTestId('scope-chip')).toHaveCount(0);
  });

  test('on a phone the drawer is built only when opened, and the first warehouse is selected all the same', async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(DEMO_USERS.manager);
    await page.goto('/moves/scan');
    await expect(page.getByRole('heading', { name: 'Move Stock', level: 1 })).toBeVisible();
    // The floor screen works in the header's warehouse, chosen without the (unbuilt) drawer's selector.
    await expect.poll(() => stored(page, 'selectedWarehouse')).toMatchObject({ name: expect.any(String) });
    await expect(page.getByRole('textbox', { name: 'Source location' })).toBeVisible();
    await expect(page.locator('nav[aria-label="Main menu"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Warehouse' })).toBeVisible();
  });

  test('on a narrow screen the selectors move into the drawer', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await signInAs(DEMO_USERS.client);
    await page.goto('/dashboard');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('combobox', { name: 'Warehouse' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('navigation', { name: 'Main menu' }) });
    await expect(drawer.getByRole('combobox', { name: 'Warehouse' })).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Account' })).toBeVisible();
  });
});
