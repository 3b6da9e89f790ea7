import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, storeSession, test } from '../fixtures/session';

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

const HEADER = 'SKU,Product Name,Photo URL,Product Link,Dimension,Weight (lbs)';
const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`),
});

test.describe('product import', () => {
  test('checks the file and the account before sending', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products' });

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('Please select a file to import')).toBeVisible();
    await expect(dialog.getByText('Please select an account')).toBeVisible();

    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(
      dialog.getByText(
        'Invalid file type. Please select an Excel file (.xlsx, .xls), CSV file (.csv), or Numbers file (.numbers).',
      ),
    ).toBeVisible();

    await input.setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
    });
    await expect(dialog.getByText('File is too large. Maximum size is 10MB.')).toBeVisible();

    await input.setInputFiles(csv('fine.csv', ['A-1,Thing,,,,']));
    await expect(dialog.getByTestId('chosen-file')).toHaveText('fine.csv');
    await expect(dialog.getByText('File is too large. Maximum size is 10MB.')).toBeHidden();
    await page.screenshot(shot('products-import-chosen'));

    await dialog.getByRole('button', { name: 'Remove file' }).click();
    await expect(dialog.getByRole('button', { name: 'Import file' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a file with a bad row imports the good rows and stays open on the errors', async ({ page, signInAs }) => {
    const prefix = uniqueSku('IMP');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products' });

    await dialog.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.northwind }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        csv('catalogue.csv', [
          `${prefix}-1,Granite Trail Runner,,https://shop.example.com/runner,30x20x12 cm,1.9`,
          `${prefix}-2,,,,,`,
          `${prefix}-3,Summit Gaiters,,,,0.4`,
          `${prefix}-4,Heavy Anvil,,,,-3`,
        ]),
      );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(page.getByText('Import completed with 2 errors. Check details below.').first()).toBeVisible();
    const summary = dialog.getByRole('group', { name: 'Import summary' });
    await expect(summary.getByText('Imported')).toBeVisible();
    await expect(summary).toContainText('2Imported');
    await expect(summary).toContainText('2Failed');
    await expect(summary).toContainText('4Total processed');
    const messages = dialog.getByRole('list', { name: 'Import row messages' });
    await expect(messages.getByText('Row 3: Product name is required')).toBeVisible();
    await expect(messages.getByText(/^Row 5: Weight must be a number of at least 0/)).toBeVisible();
    await page.screenshot(shot('products-import-result'));

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('textbox', { name: 'Search' }).fill(prefix);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row', { name: /Granite Trail Runner/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Summit Gaiters/ })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  test('a clean file closes the dialog and refreshes the list; a re-import updates', async ({
    page,
    request,
    signInAs,
  }) => {
    const session = await signInAs(DEMO_USERS.client);
    const api = await apiClient(request, DEMO_USERS.client);
    const selection = await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
    await storeSession(page, { ...session, ...selection });
    const prefix = uniqueSku('CLEAN');

    await page.goto(`/products?search=${prefix}`);
    await expect(page.getByText('No products match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products' });
    // A client imports into the selected account: no account field.
    await expect(dialog.getByRole('combobox', { name: 'Account' })).toHaveCount(0);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(csv('clean.csv', [`${prefix}-1,Ridge Fleece Vest,,,,0.9`, `${prefix}-2,Canyon Sun Hat,,,,0.3`]));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(page.getByText('Import completed! 2 products imported successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row', { name: /Ridge Fleece Vest/ })).toBeVisible();

    await page.getByRole('button', { name: 'Import' }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        csv('clean.csv', [`${prefix}-1,Ridge Fleece Vest v2,,,,0.9`, `${prefix}-2,Canyon Sun Hat,,,,0.3`]),
      );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: /Ridge Fleece Vest v2/ })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  test('an unreadable spreadsheet is explained in the dialog (conversion panel or type refusal)', async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products' });
    await dialog.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: DEMO_ACCOUNTS.northwind }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'broken.numbers',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('this is not a spreadsheet at all'),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const panel = dialog.getByTestId('conversion-panel');
    // The server either asks for a conversion or refuses the content outright; both are shown in the dialog.
    await expect(panel.or(dialog.getByRole('alert'))).toBeVisible();
    await page.screenshot(shot('products-import-conversion'));
  });
});
