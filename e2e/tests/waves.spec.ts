import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';
import { inWarehouse, waveSetUp } from '../fixtures/waves';

/**
 * Release: a manager at 1440 px sees today's orders per shipper against its cut-off, builds a wave of this
 * spec's five orders (three single-item, two multi-item: the builder takes them by their own shipper), previews
 * it (orders, lines, units, locations, walking distance), releases it and lands on the new wave: its tasks in walk
 * order with the why of each, and its pick list PDF. axe on every screen at 1440 and 390 px.
 */
test.describe('releasing a wave', () => {
  test.describe.configure({ timeout: 120_000 });

  test('build, preview and release a wave of five orders at 1440 px', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'REL');
    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/waves/release');
    const counts = page.getByRole('table', { name: 'Orders by shipper' });
    // The first visit loads the page's chunk and the counts: on a loaded machine that takes a while.
    await expect(counts.getByRole('row', { name: new RegExp(setUp.shipper.name) })).toContainText('5', {
      timeout: 30_000,
    });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'release screen at 1440px');

    // The builder: this spec's shipper, cluster picking.
    const shippers = page.getByRole('combobox', { name: 'Shippers' });
    await shippers.fill(setUp.shipper.name);
    await page.getByRole('option', { name: setUp.shipper.name }).click();
    await page.getByRole('combobox', { name: 'Picking mode' }).click();
    await page.getByRole('option', { name: /^Cluster/ }).click();
    await page.getByRole('button', { name: 'Preview' }).click();

    const figures = page.getByLabel('Preview figures');
    await expect(figures).toContainText('Orders5');
    await expect(figures).toContainText('Lines7');
    await expect(figures).toContainText('Units9');
    await expect(page.getByRole('table', { name: 'Orders to release' }).getByRole('row')).toHaveCount(6);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'release screen with a preview at 1440px');
    await page.screenshot({ path: 'test-results/waves-release-1440.png', fullPage: true });

    await page.getByRole('button', { name: 'Release wave of 5 orders' }).click();
    await expect(page).toHaveURL(/\/waves\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^WAVE-\d{6}$/);
    const tasks = page.getByRole('table', { name: 'Pick tasks in walk order' });
    await expect(tasks).toContainText(setUp.products.a.pickBin.code);
    await expect(tasks).toContainText('Pick face first');
    await expect(page.getByRole('table', { name: 'Orders of the wave' }).getByRole('row')).toHaveCount(6);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'wave detail at 1440px');
    await page.screenshot({ path: 'test-results/waves-detail-1440.png', fullPage: true });

    // The pick list downloads as a PDF named after the wave (its barcodes are decoded by the server's test).
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Pick list PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const body = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(body).subarray(0, 5).toString()).toBe('%PDF-');

    // The same screens at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'wave detail at 390px');
    await expectNoHorizontalOverflow(page, 'wave detail at 390px');
    await page.goto('/waves');
    await expect(page.getByText(number)).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'waves list at 390px');
    await expectNoHorizontalOverflow(page, 'waves list at 390px');
    await page.goto('/waves/release');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'release screen at 390px');
    await expectNoHorizontalOverflow(page, 'release screen at 390px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/waves');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'waves list at 1440px');
  });

  test('cancelling a wave asks first and returns its orders to the pool', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'CNL');
    const released = await admin.post<{ data: { id: number; number: string } }>('/waves', {
      warehouse_id: setUp.warehouse.id,
      shipper_ids: [setUp.shipper.id],
      mode: 'discrete',
    });
    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/waves/${released.data.id}`);
    await page.getByRole('button', { name: 'Cancel wave' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Cancel ${released.data.number}?` });
    await expectNoSeriousAxeViolations(page, 'cancel wave dialog at 1440px');
    await dialog.getByRole('button', { name: 'Cancel wave' }).click();
    await expect(dialog).toBeHidden();
    // The wave's status chip (its orders say Cancelled too).
    await expect(page.locator('.MuiChip-root', { hasText: /^Cancelled$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel wave' })).toHaveCount(0);
  });
});
