import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from '../fixtures/audit';
import { orderWithBarcode } from '../fixtures/barcodes';
import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect as baseExpect, storeSession, test } from '../fixtures/session';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${viewport.name} (${viewport.width} px): a keyboard-wedge scanner verifies an order by product barcode`, async ({
    page,
    request,
    signInAs,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { order, sku, barcode } = await orderWithBarcode(request);
    await signInAs(DEMO_USERS.manager);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Scan to Verify' }).click();

    const scan = page.getByRole('textbox', { name: 'Scan SKU or barcode' });
    await expect(scan).toBeFocused();
    const feedback = page.getByTestId('scan-feedback');
    // A wedge scanner types fast and ends with Enter: keyboard events, not fill().
    await page.keyboard.type('9999999999994');
    await page.keyboard.press('Enter');
    await expect(feedback).toHaveText('No item of this order has the SKU or barcode 9999999999994.');
    await expect(feedback).toHaveAttribute('data-status', 'not-found');
    await expect(scan).toHaveValue('');
    await expect(scan).toBeFocused();

    await page.keyboard.type(barcode);
    await page.keyboard.press('Enter');
    await expect(feedback).toHaveText(`${sku}: 1 of 2 verified`);
    await expect(feedback).toHaveAttribute('data-status', 'success');
    await expect(scan).toBeFocused();
    // The same scan again is a new, visible verdict.
    await page.keyboard.type(barcode);
    await page.keyboard.press('Enter');
    await expect(feedback).toHaveText(`${sku}: 2 of 2 verified. Every item of this order is verified.`);
    await expect(page.getByTestId('quick-verified')).toHaveText('2 of 2');
    // The verdict sits in a live region, so screen readers hear it.
    await expect(page.getByRole('status').filter({ has: feedback })).toHaveAttribute('aria-live', 'polite');

    await expectNoHorizontalOverflow(page, `order scan at ${viewport.width} px`);
    await expectNoSeriousAxeViolations(page, `order scan by barcode at ${viewport.width} px`);
  });
}

test('the barcode is on the product form, detail and list search', async ({ page, request, signInAs }) => {
  const client = await apiClient(request, DEMO_USERS.client);
  const selection = await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
  const session = await signInAs(DEMO_USERS.client);
  await storeSession(page, { ...session, ...selection });
  const sku = uniqueSku('BCF');
  const barcode = `0${Date.now().toString().slice(-11)}`;

  await page.goto('/products/create');
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Product Name').fill(`Barcode Mug ${sku}`);
  await page.getByLabel('Barcode').fill(`  ${barcode}  `);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();

  await page.goto(`/products?search=${barcode.slice(2, 10)}`);
  await page.getByRole('link', { name: `Barcode Mug ${sku}` }).click();
  await expect(page.getByText(barcode, { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'product detail with a barcode');

  // Another product of the account may not take it: the form says so on the field.
  await page.goto('/products/create');
  await page.getByLabel('SKU').fill(`${sku}-2`);
  await page.getByLabel('Product Name').fill('Second mug');
  await page.getByLabel('Barcode').fill(barcode);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('This barcode is already used by another product of this account.')).toBeVisible();
});
