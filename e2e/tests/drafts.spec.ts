import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../fixtures/audit';
import { apiClient } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { tinyPdf } from '../fixtures/orderScreens';
import { fillSection, setUpOrderClient } from '../fixtures/orders';
import { expect, test } from '../fixtures/session';

// A label must parse as a PDF: a real one-page document.
const LABEL_PDF = tinyPdf();

/** The draft description field must be wide enough to type in, and the save state must not sit on top of it. */
async function expectUsableDescription(page: Page, minWidth: number) {
  const description = page.getByLabel('Draft description');
  // Right after a resize the form may still be switching layouts (a media-query hook re-renders): wait for it.
  await expect.poll(async () => (await description.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(minWidth);
  const field = await description.boundingBox();
  const state = await page.getByTestId('draft-state').boundingBox();
  const overlaps =
    state!.x < field!.x + field!.width &&
    field!.x < state!.x + state!.width &&
    state!.y < field!.y + field!.height &&
    field!.y < state!.y + state!.height;
  expect(overlaps).toBe(false);
}

test.describe('bulk order drafts', () => {
  test.describe.configure({ timeout: 90_000 });

  test('saves and loads a draft with the leave warning, then converts it from its card', async ({
    page,
    signInAs,
    request,
  }) => {
    const { plenty, prefix } = await setUpOrderClient(page, signInAs, request);
    await page.goto('/orders/create');
    await page.getByLabel('Draft title').fill(`Draft ${prefix}`);
    await fillSection(page, 1, `${prefix}-D1`, plenty.sku);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // In-app navigation asks first; staying keeps the work.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave this page?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/orders\/create/);

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Draft saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/draft_id=\d+/);
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    const url = page.url();

    // A browser leave warning while unsaved.
    await page.getByLabel('Draft description').fill('changed');
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.type());
      await dialog.accept();
    });
    await page.reload();
    expect(dialogs).toContain('beforeunload');

    // The reload opens the saved draft again from its address.
    expect(page.url()).toBe(url);
    await expect(page.getByText('Draft loaded successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order 1' }).getByLabel('Order Id')).toHaveValue(`${prefix}-D1`);

    await page.getByRole('button', { name: 'New Draft' }).click();
    await expect(page.getByText('Started new draft')).toBeVisible();

    await page.goto('/bulk-order-drafts');
    const card = page.getByRole('article', { name: `Draft ${prefix}` });
    await expect(card.getByText('Orders: 1')).toBeVisible();
    await card.getByRole('button', { name: 'Convert' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert draft to orders' });
    await convert.getByRole('button', { name: 'Convert' }).click();
    await expect(convert.getByText('Successfully created 1 order')).toBeVisible();
    await convert.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('article', { name: `Draft ${prefix}` })).toBeHidden();
  });

  test('keeps a label PDF with the draft, and creating from the draft consumes it', async ({
    page,
    signInAs,
    request,
  }) => {
    const { plenty, prefix } = await setUpOrderClient(page, signInAs, request);
    await page.goto('/orders/create');
    await page.getByLabel('Draft title').fill(`Labels ${prefix}`);
    const section = await fillSection(page, 1, `${prefix}-L1`, plenty.sku);
    await section.getByRole('button', { name: 'Add label' }).click();
    await section
      .getByLabel('Order 1 label 1 file')
      .setInputFiles({ name: 'ups-label.pdf', mimeType: 'application/pdf', buffer: LABEL_PDF });
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Draft saved successfully')).toBeVisible();
    await expect(page.getByTestId('draft-state')).toHaveText(/^Draft #\d+$/);

    // Reopened from the drafts list, the label row still has its file.
    await page.goto('/bulk-order-drafts');
    await page
      .getByRole('article', { name: `Labels ${prefix}` })
      .getByRole('link', { name: 'Edit' })
      .click();
    await expect(page.getByText('Draft loaded successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order 1' }).getByText('ups-label.pdf')).toBeVisible();

    await page.getByRole('button', { name: 'Create Orders' }).click();
    const result = page.getByRole('dialog', { name: 'Orders created' });
    await expect(result.getByText('Successfully created 1 order')).toBeVisible();
    await result.getByRole('button', { name: 'Done' }).click();
    // The draft was consumed: the screen no longer names it, and the next save would start a new one.
    await expect(page.getByTestId('draft-state')).toHaveText('Not saved yet');
    expect(page.url()).not.toContain('draft_id');

    // The order got the label file.
    const client = await apiClient(request, DEMO_USERS.client);
    const found = await client.get<{ data: { id: number; order_id: string }[] }>(
      `/orders/with-merge-items?search=${encodeURIComponent(`${prefix}-L1`)}`,
    );
    const order = found.data.find((o) => o.order_id === `${prefix}-L1`);
    const labels = await client.get<{ data: { file: { name: string } }[] }>(`/orders/${order!.id}/labels`);
    expect(labels.data.map((l) => l.file.name)).toEqual(['ups-label.pdf']);

    // And the draft is gone from the list.
    await page.goto('/bulk-order-drafts');
    await expect(page.getByRole('heading', { name: 'Bulk Order Drafts' })).toBeVisible();
    await expect(page.getByText('Total Drafts')).toBeVisible();
    await expect(page.getByRole('article', { name: `Labels ${prefix}` })).toBeHidden();
  });

  test('refuses to save a blank form as a draft', async ({ page, signInAs, request }) => {
    await setUpOrderClient(page, signInAs, request);
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('This draft is empty', { exact: false })).toBeVisible();
    await expect(page.getByTestId('draft-state')).toHaveText('Not saved yet');
  });

  test('the draft description field is wide and clear of the save state', async ({ page, signInAs, request }) => {
    await setUpOrderClient(page, signInAs, request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/orders/create');
    await expectUsableDescription(page, 300);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectUsableDescription(page, 250);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the drafts page fits a phone screen and passes axe', async ({ page, signInAs, request }) => {
    await setUpOrderClient(page, signInAs, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/bulk-order-drafts');
    await expect(page.getByRole('heading', { name: 'Bulk Order Drafts' })).toBeVisible();
    await expect(page.getByText('Total Drafts')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'bulk-order-drafts (phone)');
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Import Spreadsheet' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Orders' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'import orders dialog (phone)');
  });
});
