import {
  accountNamed,
  apiClient,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  selectionFor,
  uniqueSku,
} from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

test.describe('products', () => {
  test('admin sees the paged list with the account column and searches it', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const prefix = uniqueSku('LIST');
    await createProduct(api, {
      sku: `${prefix}-A`,
      name: 'Alpine Wool Beanie',
      account_id: northwind.id,
      weight: 0.25,
    });
    await createProduct(api, { sku: `${prefix}-B`, name: 'Glacier Insulated Mug', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('columnheader', { name: 'Account' })).toBeVisible();
    await expect(page.getByText('Rows per page:')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`search=${prefix}`));
    await expect(table.getByRole('row')).toHaveCount(3);
    const beanie = table.getByRole('row', { name: /Alpine Wool Beanie/ });
    await expect(beanie.getByText(`${prefix}-A`)).toBeVisible();
    await expect(beanie.getByRole('cell', { name: DEMO_ACCOUNTS.northwind })).toBeVisible();
    await expect(beanie.getByText('0.25 lbs')).toBeVisible();
    await page.screenshot(shot('products-list-admin'));

    // The search is in the URL: a reload keeps it.
    await page.reload();
    await expect(table.getByRole('row', { name: /Glacier Insulated Mug/ })).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(`${prefix}-nothing`);
    await expect(page.getByText('No products match your search')).toBeVisible();
  });

  test('a client lists only their selected account, without the account column', async ({
    page,
    request,
    signInAs,
  }) => {
    const session = await signInAs(DEMO_USERS.client);
    const api = await apiClient(request, DEMO_USERS.client);
    const selection = await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
    await storeSession(page, { ...session, ...selection });
    const sku = uniqueSku('CLI');
    await createProduct(api, { sku, name: 'Client Trail Socks', account_id: selection.account.id });
    // Another account's product with a similar SKU must not show.
    const lumen = await accountNamed(api, DEMO_ACCOUNTS.lumen);
    await createProduct(api, { sku: `${sku}-LUMEN`, name: 'Other Account Socks', account_id: lumen.id });

    await page.goto(`/products?search=${sku}`);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row', { name: /Client Trail Socks/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Account' })).toHaveCount(0);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByText(`Catalogue of ${DEMO_ACCOUNTS.northwind}`)).toBeVisible();
    await page.screenshot(shot('products-list-client'));
  });

  test('create validates every field, then saves', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products');
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/products\/create$/);

    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('SKU is required')).toBeVisible();
    await expect(page.getByText('Product name is required')).toBeVisible();
    await expect(page.getByText('Account is required')).toBeVisible();

    // The photo URL is checked when the field is left.
    await page.getByLabel('Photo URL').fill('not a url');
    await page.getByLabel('Product Link').click();
    await expect(page.getByText('Please enter a valid URL')).toBeVisible();
    await page.screenshot(shot('products-create-validation'));

    // An image that does not load says so in the preview.
    await page.getByLabel('Photo URL').fill('http://127.0.0.1:9/missing.png');
    await page.getByRole('button', { name: 'Preview photo' }).click();
    await expect(page.getByRole('dialog').getByText('Failed to load image from URL')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Photo URL').fill('');

    const sku = uniqueSku('NEW');
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Product Name').fill('Cascade Rain Shell Jacket');
    await page.getByLabel('Product Link').fill('https://shop.example.com/rain-shell');
    await page.getByLabel('Dimension').fill('30x25x5 cm');
    await page.getByLabel('Weight (lbs)').fill('1.35');
    await page.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.northwind }).click();
    await page.getByRole('button', { name: 'Create Product' }).click();

    await expect(page.getByText('Product created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    await page.getByRole('textbox', { name: 'Search' }).fill(sku);
    await expect(page.getByRole('row', { name: /Cascade Rain Shell Jacket/ })).toBeVisible();
  });

  test('a duplicate SKU in the same account is refused on the field', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('DUP');
    await createProduct(api, { sku, name: 'First of its SKU', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto('/products/create');
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Product Name').fill('Second of its SKU');
    await page.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.northwind }).click();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('This SKU already exists for this account.')).toBeVisible();
    await expect(page).toHaveURL(/\/products\/create$/);
  });

  test('detail shows every fact, and edit saves changes', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('DET');
    const product = await createProduct(api, {
      sku,
      name: 'Ember Titanium Spork',
      account_id: northwind.id,
      weight: 0.06,
      dimension: '17x4x1 cm',
    });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { name: 'Ember Titanium Spork' })).toBeVisible();
    await expect(page.getByText(sku).first()).toBeVisible();
    await expect(page.getByText('0.06 lbs')).toBeVisible();
    await expect(page.getByText('17x4x1 cm')).toBeVisible();
    await expect(page.getByText(DEMO_ACCOUNTS.northwind)).toBeVisible();
    await expect(page.getByText('client@example.com')).toBeVisible();
    await expect(page.getByText('Last Updated')).toBeVisible();
    await page.screenshot(shot('products-detail'));

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/edit$`));
    await expect(page.getByText('e.g., 10x5x3 cm')).toBeVisible();
    await expect(page.getByLabel('Weight (lbs)')).toHaveValue('0.06');
    await expect(page.getByRole('combobox', { name: 'Account Assignment' })).toHaveValue(DEMO_ACCOUNTS.northwind);
    await page.screenshot(shot('products-edit'));
    await page.getByLabel('Product Name').fill('Ember Titanium Long Spork');
    await page.getByLabel('Weight (lbs)').fill('0.08');
    await page.getByRole('button', { name: 'Update Product' }).click();

    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ember Titanium Long Spork' })).toBeVisible();
    await expect(page.getByText('0.08 lbs')).toBeVisible();
  });

  test('a product that cannot be loaded returns to the list with a notice', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products/99999999');
    await expect(page.getByText('Error loading product details')).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('copies selected products to another account and reports skips', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const prefix = uniqueSku('COPY');
    await createProduct(api, { sku: `${prefix}-1`, name: 'Copy Source One', account_id: northwind.id });
    await createProduct(api, { sku: `${prefix}-2`, name: 'Copy Source Two', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/products?search=${prefix}`);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row', { name: /Copy Source One/ })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const bar = page.getByRole('region', { name: 'Copy selected products' });
    await expect(bar.getByText('2 products selected')).toBeVisible();

    const target = `${DEMO_ACCOUNTS.lumen} — ${DEMO_WAREHOUSES.newark}`;
    await bar.getByRole('combobox', { name: 'Copy to account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.lumen }).click();
    await expect(bar.getByRole('combobox', { name: 'Copy to account' })).toHaveValue(target);
    await page.screenshot(shot('products-copy-bar'));
    await bar.getByRole('button', { name: 'Copy to Account' }).click();
    await expect(page.getByText('2 products copied successfully.')).toBeVisible();
    await expect(bar).toBeHidden();
    const lumen = await accountNamed(api, DEMO_ACCOUNTS.lumen);
    const copied = await api.get<{ data: { sku: string }[] }>(`/accounts/${lumen.id}/products?search=${prefix}`);
    expect(copied.data.map((p) => p.sku).sort()).toEqual([`${prefix}-1`, `${prefix}-2`]);

    // The same SKUs again: the target already has them.
    await table
      .getByRole('row', { name: /Copy Source One/ })
      .filter({ hasText: DEMO_ACCOUNTS.northwind })
      .getByRole('checkbox')
      .check();
    await bar.getByRole('combobox', { name: 'Copy to account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.lumen }).click();
    await bar.getByRole('button', { name: 'Copy to Account' }).click();
    await expect(page.getByText('1 product was skipped due to errors')).toBeVisible();
  });

  test('downloads the import template', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products_template_\d{8}_\d{6}\.xlsx$/);
    await expect(page.getByText('Template downloaded successfully')).toBeVisible();
  });

  test('exports the current list as CSV', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('EXP');
    await createProduct(api, { sku, name: 'Export Me Lantern', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/products?search=${sku}`);
    await expect(page.getByRole('row', { name: /Export Me Lantern/ })).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products_\d{8}_\d{6}\.csv$/);
    const text = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(text).toContain(sku);
    expect(text.split('\n').filter((line) => line.trim()).length).toBe(2);
  });

  test('delete asks first, then removes the product', async ({ page, request, signInAs }) => {
    const api = await apiClient(request, DEMO_USERS.admin);
    const northwind = await accountNamed(api, DEMO_ACCOUNTS.northwind);
    const sku = uniqueSku('DEL');
    await createProduct(api, { sku, name: 'Short-Lived Carabiner', account_id: northwind.id });

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/products?search=${sku}`);
    await page.getByRole('button', { name: `Delete ${sku}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(dialog.getByText(/Are you sure you want to delete the product "Short-Lived Carabiner"/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: /Short-Lived Carabiner/ })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${sku}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully.')).toBeVisible();
    await expect(page.getByText('No products match your search')).toBeVisible();
  });
});
