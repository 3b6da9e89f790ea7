import { expect, type Page, test } from '@playwright/test';
import { CYCLE_COUNT_MESSAGES } from '@wms/contract/cycle-counts';
import { type ApiClient, apiClient, stockedProduct, uniqueSku } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { copyShowing, putRememberedCopy, rememberedCopy, waitingToSync } from '../fixtures/offline';
import { apiLogin, storeSession } from '../fixtures/session';

// A context of its own with the service worker allowed: a reload in a dead spot opens the app from its cache.
test.use({ serviceWorkers: 'allow' });

interface CountLine {
  product: { sku: string };
  counted_quantity: number | null;
}

/** Three fresh products moved into one new Dallas bin, and a blind count of that bin. */
async function countOfOneBin(admin: ApiClient) {
  const products = [];
  for (let index = 0; index < 3; index++) products.push(await stockedProduct(admin, { prefix: 'OFFCT', onHand: 6 }));
  const dallas = products[0]!.warehouse;
  const { location: bin } = await admin.post<{ location: { id: number; code: string } }>(
    `/warehouses/${dallas.id}/locations`,
    { code: uniqueSku('OFF-BIN'), zone: 'E2EOFF', type: 'storage' },
  );
  const { data: unassigned } = await admin.get<{ data: { id: number }[] }>(
    `/warehouses/${dallas.id}/locations?code=UNASSIGNED`,
  );
  for (const item of products) {
    await admin.post(`/inventories/${item.inventory.id}/moves`, {
      from_location_id: unassigned[0]!.id,
      to_location_id: bin.id,
      quantity: 6,
    });
  }
  const { data: count } = await admin.post<{ data: { id: number } }>('/cycle-counts', {
    warehouse_id: dallas.id,
    scope: 'range',
    from_code: bin.code,
    to_code: bin.code,
  });
  return { products, bin, count };
}

async function countOne(page: Page, binCode: string, sku: string, quantity: number) {
  const location = page.getByRole('textbox', { name: 'Scan location' });
  const product = page.getByRole('textbox', { name: 'Scan product' });
  await expect(location.or(product)).toBeVisible();
  if (await location.isVisible()) {
    await location.fill(binCode);
    await location.press('Enter');
  }
  await product.fill(sku);
  await product.press('Enter');
  await page.getByRole('spinbutton', { name: 'Quantity counted' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Save count' }).click();
  await expect(page.getByText(`Counted ${quantity} × ${sku} in ${binCode}`)).toBeVisible();
}

/**
 * Counting through a Wi-Fi drop on a 390 px phone: three entries made offline, a reload in the dead spot (the
 * count, still blind, and the queue survive), then back online each entry is recorded once. A fourth entry made
 * offline after a supervisor finished the count is refused on replay and shown under "needs attention".
 */
test('a blind count made offline syncs once; an entry after the count was finished needs attention', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiClient(request, DEMO_USERS.admin);
  const { products, bin, count } = await countOfOneBin(admin);
  const countedOnServer = async () =>
    (await admin.get<{ data: { lines: CountLine[] } }>(`/cycle-counts/${count.id}`)).data.lines.map(
      (line) => line.counted_quantity,
    );

  await storeSession(page, await apiLogin(request, DEMO_USERS.manager));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cycle-counts/${count.id}`);
  await expect(page.getByRole('textbox', { name: 'Scan location' })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  // Checked against the held count offline, with the online message.
  await page.getByRole('textbox', { name: 'Scan location' }).fill('NOT-IN-THIS-COUNT');
  await page.getByRole('textbox', { name: 'Scan location' }).press('Enter');
  await expect(page.getByText(CYCLE_COUNT_MESSAGES.locationNotInCount)).toBeVisible();
  await countOne(page, bin.code, products[0]!.sku, 5);
  await expect(waitingToSync(page, 1)).toBeVisible();
  const copyBefore = await rememberedCopy(page, `:cycle-count:${count.id}`, copyShowing(1));
  await countOne(page, bin.code, products[1]!.sku, 6);
  await expect(waitingToSync(page, 2)).toBeVisible();
  // The phone's copy of the count without the second entry (still queued), as when a reload beats its write.
  await rememberedCopy(page, `:cycle-count:${count.id}`, copyShowing(2));
  await putRememberedCopy(page, copyBefore);
  await page.reload();
  await expect(waitingToSync(page, 2)).toBeVisible();
  await expect(page.getByText('(2 / 3 counted)')).toBeVisible();
  await countOne(page, bin.code, products[2]!.sku, 7);
  await expect(waitingToSync(page, 3)).toBeVisible();
  // Signing out now would leave them unsent: the app asks first.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const warning = page.getByRole('dialog', { name: 'Sign out with actions not synced?' });
  await expect(warning).toContainText('3 actions made on this device have not reached the server yet.');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  // Still blind offline: no column of expected quantities.
  await expect(page.getByRole('columnheader', { name: 'Expected' })).toHaveCount(0);
  expect(await countedOnServer()).toEqual([null, null, null]);

  await context.setOffline(false);
  await expect.poll(async () => (await countedOnServer()).sort(), { timeout: 30_000 }).toEqual([5, 6, 7]);
  await expect(page.getByRole('button', { name: /^Waiting to sync/ })).toHaveCount(0);

  // Offline again; meanwhile the supervisor finishes the count. The recount made offline is refused on replay.
  await context.setOffline(true);
  await admin.post(`/cycle-counts/${count.id}/submit`, {});
  await countOne(page, bin.code, products[0]!.sku, 6);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Needs attention (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sync' });
  await expect(dialog.getByRole('list', { name: 'Needs attention' })).toContainText(
    `Count 6 × ${products[0]!.sku} in ${bin.code}`,
  );
  await expect(dialog.getByRole('alert')).toHaveText(CYCLE_COUNT_MESSAGES.notCounting);
  expect((await countedOnServer()).sort()).toEqual([5, 6, 7]);

  // The refused entry stays on this device for its user only: another user signing in here does not see it.
  await storeSession(page, await apiLogin(request, DEMO_USERS.admin));
  await page.goto('/cycle-counts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);
  await storeSession(page, await apiLogin(request, DEMO_USERS.manager));
  await page.goto('/cycle-counts');
  await expect(page.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible();
});
