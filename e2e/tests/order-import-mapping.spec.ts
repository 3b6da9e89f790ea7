// The one builder of shop exports, shared with the API tests and the bench.
import { csvText, shopifyExport } from '../../apps/server/test/support/shop-exports';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import { setUpOrderClient } from '../fixtures/orders';
import { expect, test } from '../fixtures/session';

test.describe('order import with a column mapping', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client imports a Shopify export: preset recognised, one column remapped, mapping offered again', async ({
    page,
    signInAs,
    request,
  }) => {
    const { plenty, scarce, prefix } = await setUpOrderClient(page, signInAs, request);
    const file = {
      name: 'orders_export_1.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        csvText(
          shopifyExport([
            {
              id: `#${prefix}-1`,
              customer: 'Ship To Ann',
              billingName: `Ann Billing ${prefix}`,
              lines: [
                { sku: plenty.sku, quantity: 1 },
                { sku: scarce.sku, quantity: 1 },
              ],
            },
            {
              id: `#${prefix}-2`,
              customer: 'Ship To Bob',
              billingName: `Bob Billing ${prefix}`,
              lines: [{ sku: plenty.sku, quantity: 2 }],
            },
          ]),
        ),
      ),
    };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Import Spreadsheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Orders' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();

    const step = dialog.getByRole('region', { name: 'Match the file’s columns to our fields' });
    await expect(step.getByText('Recognised: Shopify orders export')).toBeVisible();
    const customer = step.getByRole('combobox', { name: 'Customer Name' });
    await expect(customer).toHaveText('Shipping Name');
    await expect(step.getByText('e.g. Ship To Ann, Ship To Bob')).toBeVisible();
    // Remapped by hand: this client's customers are the buyers, not the recipients.
    await customer.click();
    await page.getByRole('option', { name: 'Billing Name', exact: true }).click();
    await expect(customer).toHaveText('Billing Name');
    await step.getByLabel('Save this mapping as (optional)').fill(`Shopify ${prefix}`);
    await expectNoHorizontalOverflow(page, 'import mapping step at 390px');
    await expectNoSeriousAxeViolations(page, 'import mapping step at 390px');

    await dialog.getByRole('button', { name: 'Import' }).click();
    const summary = dialog.getByRole('region', { name: 'Import summary' });
    await expect(summary.getByText('Created: 2 · Warnings: 0 · Errors: 0')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/orders?search=${encodeURIComponent(`Billing ${prefix}`)}`);
    await expect(page.getByText(`Ann Billing ${prefix}`).first()).toBeVisible();
    await expect(page.getByText(`Bob Billing ${prefix}`).first()).toBeVisible();

    // The next export with the same columns: the saved mapping is offered, with the hand-made change.
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Import Spreadsheet' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ ...file, name: 'orders_export_2.csv' });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(step.getByText(`Your saved mapping “Shopify ${prefix}” matches this file`)).toBeVisible();
    await expect(step.getByRole('combobox', { name: 'Customer Name' })).toHaveText('Billing Name');
    await expectNoSeriousAxeViolations(page, 'import mapping step at 1440px');
  });
});
