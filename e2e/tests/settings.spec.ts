import { DEMO_PASSWORD } from '../fixtures/demo';
import { createUser, demoWarehouses, signInAsNewUser, solidPng, uniqueTag } from '../fixtures/masterData';
import { apiLogin, expect, stored, storeSession, test } from '../fixtures/session';

test.describe('account settings', () => {
  test('a new user must change the initial password, then signs in again', async ({ page, request }) => {
    const tag = uniqueTag('fresh');
    const [warehouse] = await demoWarehouses(request);
    const created = await createUser(request, {
      name: `${tag} Gale`,
      role: 'manager',
      warehouse_ids: [warehouse?.id ?? 1],
    });
    const first = await apiLogin(request, created.email, created.initialPassword);
    await storeSession(page, first);

    // Every route leads to the Security tab, which says why.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/setting\?tab=security$/);
    await expect(page.getByText(/still using the initial password/)).toBeVisible();
    await page.goto('/users');
    await expect(page).toHaveURL(/\/setting\?tab=security$/);

    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password and Confirm Password are required.').first()).toBeVisible();
    await page.getByLabel('Current Password').fill(created.initialPassword);
    await page.getByLabel('New Password').fill('BrandNew123!');
    await page.getByLabel('Confirm Password').fill('BrandNew124!');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await page.getByLabel('Confirm Password').fill('BrandNew123!');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully. Please login again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await stored(page, 'token')).toBeNull();
    // The old session is revoked on the server too.
    const revoked = await request.get('/api/user', { headers: { Authorization: `Bearer ${first.token}` } });
    expect(revoked.status()).toBe(401);

    await page.getByLabel('Email').fill(created.email);
    await page.getByLabel('Password', { exact: true }).fill('BrandNew123!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  for (const revoke of [true, false]) {
    test(`a password change ${revoke ? 'revokes the API keys by default' : 'keeps them when unticked'}`, async ({
      page,
      request,
    }) => {
      // "Also revoke my API keys" is on by default; the server revokes them when asked.
      test.setTimeout(60_000);
      const user = await signInAsNewUser(page, request, { name: `${uniqueTag('keys')} Vale`, role: 'admin' });
      const created = await request.post('/api/api-keys', {
        headers: { Authorization: `Bearer ${user.token}` },
        data: { name: 'Integration', permissions: ['view products'], current_password: DEMO_PASSWORD },
      });
      expect(created.status()).toBe(201);
      const keyHeaders = { Authorization: `Bearer ${(await created.json()).secret}` };

      await page.goto('/setting?tab=security');
      const box = page.getByRole('checkbox', { name: 'Also revoke my API keys' });
      // The first screen after sign-in may take a while on a busy machine.
      await expect(box).toBeChecked({ timeout: 20_000 });
      if (!revoke) await box.uncheck();
      await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
      await page.getByLabel('New Password').fill('BrandNew123!');
      await page.getByLabel('Confirm Password').fill('BrandNew123!');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect((await request.get('/api/products', { headers: keyHeaders })).status()).toBe(revoke ? 401 : 200);
    });
  }

  test('updates personal info and uploads an avatar', async ({ page, request }) => {
    const tag = uniqueTag('profile');
    await signInAsNewUser(page, request, { name: `${tag} Hana`, role: 'manager' });
    await page.goto('/setting');
    await expect(page.getByRole('tab', { name: 'Personal Info' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img', { name: `Avatar of ${tag} Hana` })).toHaveAttribute('src', /avatar-placeholder/);

    await page.getByLabel('Avatar image').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: solidPng(16, [25, 118, 210]),
    });
    await expect(page.getByRole('img', { name: `Avatar of ${tag} Hana` })).toHaveAttribute('src', /\/api\/files\//);

    await page.getByLabel('Name').fill(`${tag} Hana Ito`);
    await page.getByLabel('Occupation').fill('Shift lead');
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByRole('combobox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Address').fill('1 Dock Street, Newark');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    // The stored user follows, and a reload shows the saved values.
    expect(await stored(page, 'user')).toMatchObject({
      name: `${tag} Hana Ito`,
      occupation: 'Shift lead',
      gender: 'female',
    });
    await page.reload();
    await expect(page.getByLabel('Occupation')).toHaveValue('Shift lead');
    await expect(page.getByRole('img', { name: `Avatar of ${tag} Hana Ito` })).toHaveAttribute('src', /\/api\/files\//);

    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
  });

  test('refuses a file that is not an image', async ({ page, request }) => {
    await signInAsNewUser(page, request, { name: `${uniqueTag('upload')} Ida`, role: 'manager' });
    await page.goto('/setting');
    await page.getByLabel('Avatar image').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('The image must be a PNG, JPEG, GIF or WebP file.')).toBeVisible();
  });
});
