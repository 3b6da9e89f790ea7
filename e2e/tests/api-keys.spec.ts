import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_PASSWORD, DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

/**
 * Account Setting → API keys. A client creates a key for one of their accounts, sees the secret once and
 * copies it, the key works as a bearer token within its permissions, and once revoked it answers 401.
 */
test.describe('API keys', () => {
  test('a client creates a key, copies its secret once, uses it, then revokes it', async ({
    page,
    context,
    signInAs,
    request,
  }) => {
    // Two more round trips than before (a wrong password, then the right one): room for a busy machine.
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const session = await signInAs(DEMO_USERS.client);
    const name = uniqueTag('Shop');
    await page.goto('/setting');
    await page.getByRole('tab', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/setting\?tab=api-keys$/);

    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    // Nothing chosen: the form says what is missing.
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Give the key a name.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one permission.')).toBeVisible();
    // The current password is asked for, and checked by the server.
    await expect(dialog.getByText('Current password is required')).toBeVisible();

    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: session.account!.name }).click();
    await dialog.getByRole('checkbox', { name: 'view products' }).check();
    // Only permissions the client holds are offered (never key management, never users).
    await expect(dialog.getByRole('checkbox', { name: 'delete users' })).toHaveCount(0);
    await expect(dialog.getByRole('checkbox', { name: 'create api keys' })).toHaveCount(0);
    await dialog.getByLabel(/^Current password/).fill(`${DEMO_PASSWORD}-wrong`);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
    await dialog.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: `API key ${name}` });
    await expect(shown.getByText('Copy it now: it will not be shown again.')).toBeVisible();
    const secret = (await shown.getByLabel('API key secret').textContent()) ?? '';
    expect(secret).toMatch(/^wms_sk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(session.account!.name);
    await expect(row).toContainText('active');
    await expect(row).toContainText(secret.slice(0, 13));
    // The list never shows the secret again.
    await expect(page.getByText(secret)).toHaveCount(0);

    const headers = { Authorization: `Bearer ${secret}` };
    expect((await request.get('/api/products', { headers })).status()).toBe(200);
    expect((await request.get('/api/orders/with-merge-items', { headers })).status()).toBe(403);

    // Used once: the list shows when and from where.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('127.0.0.1');

    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await expect(confirm).toContainText('stop working at once');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('revoked');
    expect((await request.get('/api/products', { headers })).status()).toBe(401);
  });

  test('at 390 px and 1440 px: the list, the create dialog and the secret pass axe and fit the screen', async ({
    page,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    await signInAs(DEMO_USERS.admin);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/setting?tab=api-keys');
      await settle(page);
      await page.getByRole('button', { name: 'Create API key' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `create API key dialog at ${width}px`);
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(uniqueTag(`Staff ${width}`));
      await dialog.getByRole('checkbox', { name: 'view orders' }).check();
      await dialog.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByRole('dialog', { name: /^API key / });
      await expect(shown.getByLabel('API key secret')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `API key secret at ${width}px`);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();
      // A staff key without an account works across the whole scope.
      await expect(page.getByRole('row').filter({ hasText: `Staff ${width}` })).toContainText('All accounts');
      if (width === 390) await expectNoHorizontalOverflow(page, 'API keys at 390px');
      await expectNoSeriousAxeViolations(page, `API keys at ${width}px`);
    }
  });
});
