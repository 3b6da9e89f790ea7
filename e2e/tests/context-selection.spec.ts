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

  test('switching warehouse clears the selected account and reloads', async ({ page, signInAs }) => {
    const session = await signInAs(DEMO_USERS.client);
    await page.goto('/dashboard');
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText(session.account?.name ?? '');
    const warehouse = page.getByRole('combobox', { name: 'Warehouse' });
    await expect(warehouse).toHaveText(session.warehouse?.name ?? '');

    const other = session.warehouse?.name === 'Dallas Distribution Hub' ? 'Newark' : 'Dallas';
    await warehouse.click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: new RegExp(other) }).click()]);

    expect(await stored(page, 'selectedWarehouse')).toMatchObject({ name: expect.stringContaining(other) });
    expect(await stored(page, 'selectedAccount')).toBeNull();
    // Without an account a client is asked to choose one again.
    await expect(page).toHaveURL(/\/select-account$/);
  });

  test('switching account stores it and reloads', async ({ page, signInAs }) => {
    const session = await signInAs(DEMO_USERS.client);
    await page.goto('/dashboard');
    const account = page.getByRole('combobox', { name: 'Account' });
    await expect(account).toHaveText(session.account?.name ?? '');
    await account.click();
    const other = page
      .getByRole('option')
      .filter({ hasNotText: session.account?.name ?? '' })
      .first();
    const otherName = (await other.locator('.MuiListItemText-primary').textContent()) ?? '';
    await Promise.all([page.waitForEvent('load'), other.click()]);
    expect(await stored(page, 'selectedAccount')).toMatchObject({ name: otherName });
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText(otherName);
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
