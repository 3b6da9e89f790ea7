import { DEMO_USERS } from '../fixtures/demo';
import { expect, stored, storeSession, test } from '../fixtures/session';

test.describe('end of a session', () => {
  test('logout clears local and session storage, revokes the token and goes to /login', async ({
    page,
    request,
    signInAs,
  }) => {
    const { token } = await signInAs(DEMO_USERS.client);
    await page.goto('/dashboard');
    await page.evaluate(() => sessionStorage.setItem('scratch', 'x'));
    await expect(page.getByRole('combobox', { name: 'Warehouse' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(DEMO_USERS.client);
    const logoutCall = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect((await logoutCall).status()).toBe(200);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const afterLogout = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(afterLogout.status()).toBe(401);
  });

  test('an invalid token ends the session with the expiry message', async ({ page, signInAs }) => {
    const { user } = await signInAs(DEMO_USERS.admin);
    await storeSession(page, { token: 'garbage-token', user });
    await page.goto('/dashboard');
    await expect(page.getByText('Your session has expired. Please login again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'user')).toBeNull();
  });

  test('a stale token on the sign-in page is dropped silently', async ({ page, signInAs }) => {
    const { user } = await signInAs(DEMO_USERS.admin);
    await storeSession(page, { token: 'garbage-token', user });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Your session has expired. Please login again.')).toHaveCount(0);
    expect(await stored(page, 'token')).toBeNull();
  });
});
