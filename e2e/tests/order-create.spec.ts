import { expectNoSeriousAxeViolations } from '../fixtures/audit';
import { tinyPdf } from '../fixtures/orderScreens';
import { fillSection, setUpOrderClient as setUp } from '../fixtures/orders';
import { expect, test } from '../fixtures/session';

test.describe('order creation', () => {
  test.describe.configure({ timeout: 90_000 });
  test('creates two orders in two sections, the stock indicator following the quantities', async ({
    page,
    signInAs,
    request,
  }) => {
    const { plenty, scarce, prefix } = await setUp(page, signInAs, request);
    await page.goto('/orders/create');
    await expect(page.getByRole('heading', { name: 'Create Orders' })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create Orders' });
    await expect(create).toBeDisabled();

    const first = await fillSection(page, 1, `${prefix}-1`, plenty.sku);
    await expect(first.getByTestId('stock-indicator')).toHaveText('All in stock');
    const quantity = first.getByLabel(`Quantity of ${plenty.sku}`);
    await quantity.fill('11');
    await expect(first.getByTestId('stock-indicator')).toHaveText('Backorder');
    await quantity.fill('0');
    await expect(first.getByText('Please enter a valid quantity')).toBeVisible();
    await expect(create).toBeDisabled();
    await quantity.fill('4');
    await expect(first.getByTestId('stock-indicator')).toHaveText('All in stock');
    // A label chosen now is uploaded to the order once it exists.
    await first.getByRole('button', { name: 'Add label' }).click();
    await first.getByLabel('Order 1 label 1 file').setInputFiles({
      name: 'label.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });

    await page.getByRole('button', { name: 'Add Order' }).click();
    const second = await fillSection(page, 2, `${prefix}-2`, scarce.sku);
    await expect(second.getByTestId('stock-indicator')).toHaveText('Low stock');
    await second.getByLabel(`Quantity of ${scarce.sku}`).fill('5');
    await expect(second.getByTestId('stock-indicator')).toHaveText('Backorder');
    await expect(page.getByText('Orders: 2')).toBeVisible();
    await expect(page.getByText('Units: 9')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'orders/create');

    await expect(create).toBeEnabled();
    await create.click();
    const result = page.getByRole('dialog', { name: 'Orders created' });
    await expect(result.getByText('Successfully created 2 orders')).toBeVisible();
    await expect(result.getByText(new RegExp(`${scarce.sku} is 2 short`))).toBeVisible();
    await expect(page.getByText('Successfully uploaded 1 label file(s)')).toBeVisible();
    await expect(result.getByText('Uploading labels: 1 of 1')).toBeVisible();
    await result.getByRole('button', { name: 'Done' }).click();
  });

  test('creates an urgent order: the list shows its Urgent chip', async ({ page, signInAs, request }) => {
    const { plenty, prefix } = await setUp(page, signInAs, request);
    await page.goto('/orders/create');
    const section = await fillSection(page, 1, `${prefix}-U`, plenty.sku);
    await section.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await page.getByRole('button', { name: 'Create Orders' }).click();
    const result = page.getByRole('dialog', { name: 'Orders created' });
    await expect(result.getByText('Successfully created 1 order')).toBeVisible();
    await result.getByRole('button', { name: 'Done' }).click();
    await page.goto(`/orders?search=${encodeURIComponent(`${prefix}-U`)}`);
    const row = page.getByRole('row').filter({ hasText: `${prefix}-U` });
    await expect(row.getByText('Urgent', { exact: true })).toBeVisible();
  });

  test('shows the server refusal of a repeated order id on its field', async ({ page, signInAs, request }) => {
    const { plenty, prefix } = await setUp(page, signInAs, request);
    await page.goto('/orders/create');
    await fillSection(page, 1, `${prefix}-dup`, plenty.sku);
    await page.getByRole('button', { name: 'Add Order' }).click();
    await fillSection(page, 2, `${prefix}-dup`, plenty.sku);
    await page.getByRole('button', { name: 'Create Orders' }).click();
    await expect(
      page.getByRole('region', { name: 'Order 2' }).getByText('This Order Id is used by another order in this request'),
    ).toBeVisible();
  });

  test('fits a phone screen, product lines included', async ({ page, signInAs, request }) => {
    const { plenty, scarce, prefix } = await setUp(page, signInAs, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/orders/create');
    await expect(page.getByRole('heading', { name: 'Create Orders' })).toBeVisible();
    const section = await fillSection(page, 1, `${prefix}-P`, plenty.sku);
    await section.getByLabel('Search products for Order 1').fill(scarce.sku);
    await page.getByRole('option', { name: new RegExp(scarce.sku) }).click();
    await expect(section.getByLabel(`Quantity of ${scarce.sku}`)).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const lines = section.getByRole('list', { name: 'Order 1 products' });
    // Nothing inside the product lines scrolls sideways or is cut off at the right edge.
    expect(await lines.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    for (const sku of [plenty.sku, scarce.sku]) {
      for (const control of [
        section.getByLabel(`Quantity of ${sku}`),
        section.getByRole('button', { name: `Remove ${sku}` }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }
    // The product name has the line's width: "Lantern OC-…" stays on one line instead of a word per line.
    const name = (await lines.getByText(plenty.name, { exact: true }).boundingBox())!;
    expect(name.width).toBeGreaterThan(200);
    expect(name.height).toBeLessThan(40);
    await expectNoSeriousAxeViolations(page, 'orders/create (phone)');
  });
});
