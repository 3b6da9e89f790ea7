import { setUpOrderClient } from '../fixtures/orders';
import { expect, test } from '../fixtures/session';

const HEADER = 'Account Name,Order ID,Customer Name,Ship Date,Shipper,SKU,Quantity,Notes';
const csv = (lines: string[]) => ({
  name: 'orders.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`),
});

test.describe('order import', () => {
  test.describe.configure({ timeout: 90_000 });

  test('imports a spreadsheet with errors, then a good one', async ({ page, signInAs, request }) => {
    const { plenty, scarce, prefix, selection } = await setUpOrderClient(page, signInAs, request);
    const account = selection.account.name;
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Import Spreadsheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Orders' });
    await expect(dialog.getByRole('region', { name: 'Available accounts' }).getByText(account)).toBeVisible();
    const input = dialog.locator('input[type="file"]');

    await input.setInputFiles(
      csv([
        `${account},${prefix}-I1,Ann,2026-12-01,,${plenty.sku},1,`,
        `${account.toLowerCase()},${prefix}-I2,Bob,2026-12-01,,${plenty.sku},1,`,
        `${account},${prefix}-I3,Cy,2026-12-01,,NO-SUCH-SKU,1,`,
      ]),
    );
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const summary = dialog.getByRole('region', { name: 'Import summary' });
    await expect(summary.getByText('Created: 1 · Warnings: 0 · Errors: 4')).toBeVisible();
    await expect(summary.getByText(/Row 3: Account '.*' not found/)).toBeVisible();
    await expect(summary.getByText("Row 4: SKU 'NO-SUCH-SKU' not found", { exact: false })).toBeVisible();

    await input.setInputFiles(
      csv([
        `${account},${prefix}-I4,Dee,2026-12-01,,${scarce.sku},2,`,
        `${account},${prefix}-I4,Dee,2026-12-01,,${plenty.sku},1,`,
      ]),
    );
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(summary.getByText('Orders imported successfully')).toBeVisible();
    await expect(summary.getByText('Created: 1 · Warnings: 0 · Errors: 0')).toBeVisible();
    await expect(summary.getByRole('alert')).toHaveClass(/MuiAlert-colorSuccess/);

    // The same file again: every order exists, nothing is imported, and that is not shown as a success.
    await input.setInputFiles(
      csv([
        `${account},${prefix}-I4,Dee,2026-12-01,,${scarce.sku},2,`,
        `${account},${prefix}-I4,Dee,2026-12-01,,${plenty.sku},1,`,
      ]),
    );
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(summary.getByText('Created: 0 · Warnings: 1 · Errors: 0')).toBeVisible();
    await expect(summary.getByText(/Imported 0 orders/)).toBeVisible();
    await expect(summary.getByRole('alert')).not.toHaveClass(/MuiAlert-colorSuccess/);
  });
});
