import {
  accountNamed,
  apiClient,
  createInventory,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  uniqueSku,
  warehouseNamed,
} from '../fixtures/catalogue';
import { DEMO_PASSWORD, DEMO_USERS, uniqueEmail } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

/** The working context's pickers, and the defects found when wave 1 was tried as a new user. */
test.describe('pickers offer only valid pairs', () => {
  test('a staff product goes to an active account linked to the header warehouse', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products/create');
    await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveText(DEMO_WAREHOUSES.dallas);
    await page.getByRole('combobox', { name: 'Account' }).click();
    await expect(page.getByRole('option', { name: DEMO_ACCOUNTS.northwind })).toBeVisible();
    await expect(page.getByRole('option', { name: DEMO_ACCOUNTS.peak })).toBeVisible();
    // Lumen works in Newark only; Harbor Coffee Roasters is inactive.
    await expect(page.getByRole('option', { name: DEMO_ACCOUNTS.lumen })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Harbor Coffee Roasters' })).toHaveCount(0);
  });

  test("Add Inventory offers the warehouses of the product's account only", async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const lumen = await accountNamed(api, DEMO_ACCOUNTS.lumen);
    const sku = uniqueSku('PAIR');
    await createProduct(api, { sku, name: 'Linen Pair Test', account_id: lumen.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto('/inventories/create');
    // The product picker follows the header: Lumen's products are found in Newark.
    // The header's picker, not the form's Warehouse field (which renders first when the header is still loading).
    const header = page.getByRole('banner').getByRole('combobox', { name: 'Warehouse' });
    await header.click();
    await page.getByRole('option', { name: new RegExp(DEMO_WAREHOUSES.newark) }).click();
    await expect(header).toHaveText(new RegExp(DEMO_WAREHOUSES.newark));
    await expect(page).toHaveURL(/\/inventories\/create$/);
    await page.getByRole('combobox', { name: 'Product' }).fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await page.locator('form').getByRole('combobox', { name: 'Warehouse' }).click();
    await expect(page.getByRole('option', { name: new RegExp(DEMO_WAREHOUSES.newark) })).toBeVisible();
    await expect(page.getByRole('option', { name: new RegExp(DEMO_WAREHOUSES.dallas) })).toHaveCount(0);
  });

  test('copy to account: active pairs grouped once per warehouse, and "1 product"', async ({
    page,
    request,
    signInAs,
  }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('COPY1');
    await createProduct(api, { sku, name: 'Single Copy Lantern', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/products?search=${sku}`);
    await page
      .getByRole('checkbox', { name: /Select row/ })
      .first()
      .check();
    await page.getByRole('combobox', { name: 'Copy to account' }).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    const headings = await listbox.locator('.MuiAutocomplete-groupLabel').allTextContents();
    expect(headings.length).toBeGreaterThan(0);
    expect(new Set(headings).size).toBe(headings.length);
    await expect(listbox.getByRole('option', { name: 'Harbor Coffee Roasters' })).toHaveCount(0);
    await listbox.getByRole('option', { name: DEMO_ACCOUNTS.peak }).first().click();
    await page.getByRole('button', { name: 'Copy to Account' }).click();
    await expect(page.getByText('1 product copied successfully.')).toBeVisible();
  });
});

test.describe('defects', () => {
  test('a signed-out deep link returns to the page asked for after sign-in', async ({ page }) => {
    await page.goto('/inventories?filter=low-stock');
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await page.getByLabel('Email').fill(DEMO_USERS.admin);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/inventories\?filter=low-stock$/);
    await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  });

  test('registration shows every field error at once, and takes a real-world domain', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail('museum').replace('example.com', 'gallery.museum'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('other');
    await page.getByRole('button', { name: /Create Account|Register/ }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
  });

  test("an adjustment without a reason never reads 'adjustment #null'", async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const dallas = await warehouseNamed(api, DEMO_WAREHOUSES.dallas);
    const product = await createProduct(api, {
      sku: uniqueSku('NULL'),
      name: 'Reasonless Flask',
      account_id: northwind.id,
    });
    const inventory = await createInventory(api, {
      product_id: product.id,
      warehouse_id: dallas.id,
      account_id: northwind.id,
      quantity_on_hand: 5,
    });
    await api.post(`/inventories/${inventory.id}/adjust`, { type: 'on_hand', quantity_change: 2, reason: null });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/inventories/${inventory.id}`);
    const history = page.getByRole('table', { name: 'Movement history' });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history).toContainText('No reason given');
    await expect(history).not.toContainText('#null');
  });

  test('the layout shell shows at once while the session is checked', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    let answerUser: () => void = () => undefined;
    const userHeld = new Promise<void>((resolve) => {
      answerUser = resolve;
    });
    await page.route('**/api/user', async (route) => {
      await userHeld;
      await route.continue();
    });
    await page.goto('/products');
    await expect(page.getByRole('link', { name: 'WMS home' })).toBeVisible();
    await expect(page.getByText('Checking your session')).toHaveCount(0);
    answerUser();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });
});

test.describe('UI for the server changes of branch `hostile`', () => {
  // POST /api/users answers `initial_password` (branch `hostile`, merged).
  test("the created user's initial password is shown once, with a copy button", async ({ page, request, signInAs }) => {
    const tag = uniqueTag('once');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/users/create');
    await page.getByLabel('Name').fill(`${tag} Quinn`);
    await page.getByLabel('Email').fill(`${tag}@example.com`);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await page.getByRole('button', { name: 'Create User' }).click();

    const dialog = page.getByRole('dialog', { name: /Initial password/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('will not be shown again');
    await expect(dialog.getByRole('button', { name: 'Copy password' })).toBeVisible();
    const password = (await dialog.getByTestId('initial-password').textContent()) ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const login = await request.post('/api/login', { data: { email: `${tag}@example.com`, password } });
    expect(login.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  // POST /api/changePassword requires `current_password` (branch `hostile`, merged).
  test('Settings → Security asks for the current password and shows its error', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.manager);
    await page.goto('/setting?tab=security');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password').fill('BrandNew123!');
    await page.getByLabel('Confirm Password').fill('BrandNew123!');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.locator('#current_password-helper-text')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/setting\?tab=security$/);
  });
});
