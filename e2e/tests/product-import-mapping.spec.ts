import { csvText, shopifyProductsExport } from '../../apps/server/test/support/shop-exports';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

test.describe('product import with a column mapping', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client imports a Shopify products export: preset recognised, one column remapped, mapping offered again', async ({
    page,
    signInAs,
    request,
  }) => {
    const session = await signInAs(DEMO_USERS.client);
    const api = await apiClient(request, DEMO_USERS.client);
    await storeSession(page, {
      ...session,
      ...(await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark)),
    });
    const prefix = uniqueSku('SHP');
    const file = {
      name: 'products_export_1.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        csvText(
          shopifyProductsExport([
            {
              handle: `summit-beanie-${prefix}`,
              title: 'Beanie',
              seoTitle: `Summit Beanie ${prefix}`,
              variants: [
                { sku: `${prefix}-RED`, option: 'Red', grams: 120 },
                { sku: `${prefix}-BLU`, option: 'Blue', grams: 120 },
              ],
            },
            { handle: `trail-gaiter-${prefix}`, title: 'Gaiter', seoTitle: `Trail Gaiter ${prefix}`, variants: [{ sku: `${prefix}-GAI`, grams: 80 }] },
          ]),
        ),
      ),
    }; // biome-ignore format: test data

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/products?search=${prefix}`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    const step = dialog.getByRole('region', { name: 'Match the file’s columns to our fields' });
    await expect(step.getByText('Recognised: Shopify products export')).toBeVisible();
    await expect(step.getByRole('combobox', { name: 'SKU' })).toHaveText('Variant SKU');
    await expect(step.getByRole('combobox', { name: 'Weight (lbs)' })).toHaveText('Variant Grams');
    const name = step.getByRole('combobox', { name: 'Product Name' });
    await expect(name).toHaveText('Title');
    // Remapped by hand: this client names its products by their SEO titles.
    await name.click();
    await page.getByRole('option', { name: 'SEO Title', exact: true }).click();
    await expect(step.getByText(`e.g. Summit Beanie ${prefix}, Trail Gaiter ${prefix}`)).toBeVisible();
    await step.getByLabel('Save this mapping as (optional)').fill(`Shopify ${prefix}`);
    await expectNoHorizontalOverflow(page, 'product mapping step at 390px');
    await expectNoSeriousAxeViolations(page, 'product mapping step at 390px');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(page.getByText('Import completed! 3 products imported successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Summit Beanie ${prefix}`).first()).toBeVisible();
    await expect(page.getByText(`Trail Gaiter ${prefix}`).first()).toBeVisible();

    // The next export with the same columns: the saved mapping is offered, with the hand-made change.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ ...file, name: 'products_export_2.csv' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(step.getByText(`Your saved mapping “Shopify ${prefix}” matches this file`)).toBeVisible();
    await expect(step.getByRole('combobox', { name: 'Product Name' })).toHaveText('SEO Title');
    await expectNoSeriousAxeViolations(page, 'product mapping step at 1440px');
  });
});
