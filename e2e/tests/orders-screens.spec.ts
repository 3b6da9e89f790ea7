import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient, DEMO_ACCOUNTS, DEMO_WAREHOUSES, selectionFor } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { DEMO_ORDER_CUSTOMERS, ordersApi } from '../fixtures/orderScreens';
import { apiLogin, expect as baseExpect, storeSession, test } from '../fixtures/session';

/**
 * The orders screens fit 1440 px (column chooser, one status control, sorting), a
 * shipment that cannot happen is refused before the "cannot be undone" question, statuses read as words in a
 * selector grouped by lifecycle, and a phone card is three lines. Read-only on the demo orders (the processing one, which no other spec changes).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const shot = (name: string) => ({
  path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
  fullPage: true,
  animations: 'disabled' as const,
});

async function signInNewark(page: Page, request: Parameters<typeof apiLogin>[0], email = DEMO_USERS.admin) {
  const { token, user } = await apiLogin(request, email);
  const api = await apiClient(request, DEMO_USERS.admin);
  const { warehouse, account } = await selectionFor(api, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
  await storeSession(page, { token, user, warehouse, ...(user.role === 'client' ? { account } : {}) });
  return { token, user, warehouse };
}

/** The element scrolls nothing sideways: its content is no wider than its box. */
async function expectNoSidewaysScroll(region: Locator, what: string) {
  const { scroll, client } = await region.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(scroll, `${what}: ${scroll}px of content in ${client}px`).toBeLessThanOrEqual(client);
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' });
const headers = async (page: Page) =>
  (await ordersTable(page).getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
/** The order numbers of the table's rows, top to bottom. */
const orderNumbers = (page: Page) =>
  page.getByTestId('order-row').evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent ?? ''));

test.describe('orders screens at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the orders table and the order items fit without sideways scroll; Verify is in view', async ({
    page,
    request,
  }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) =>
      api.orderOf(DEMO_ORDER_CUSTOMERS.processing),
    );
    await signInNewark(page, request);
    await page.goto('/orders');
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    // One control: the chip is the selector; no separate "Change Status" column.
    expect(await headers(page)).not.toContain('Change Status');
    await expectNoSidewaysScroll(page.getByRole('region', { name: 'Orders table' }), 'orders table');
    await expect(ordersTable(page).getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
    await page.screenshot(shot('orders-list-1440'));

    await page.goto(`/orders/${order.id}`);
    const items = page.getByRole('region', { name: 'Order items table' });
    await expect(items.getByTestId('order-item-row').first()).toBeVisible();
    await expectNoSidewaysScroll(items, 'order items table');
    await expect(items.getByRole('columnheader', { name: 'Weight' })).toBeInViewport();
    await expect(items.getByRole('button', { name: /^(Un-)?[Vv]erify / }).first()).toBeInViewport();
    await page.screenshot(shot('order-detail-1440'));
  });

  test('the column chooser hides and shows columns, and the choice survives a reload', async ({ page, request }) => {
    await signInNewark(page, request);
    await page.goto('/orders');
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    // Inside one warehouse the Warehouse column is hidden by default; staff see every account, so Account shows.
    expect(await headers(page)).not.toContain('Warehouse');
    expect(await headers(page)).toContain('Account');
    expect(await headers(page)).toContain('Shipper');

    await page.getByRole('button', { name: 'Columns' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemcheckbox', { name: 'Shipper' }).click();
    await menu.getByRole('menuitemcheckbox', { name: 'Warehouse' }).click();
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Shipper' })).toHaveAttribute('aria-checked', 'false');
    await expectNoSeriousAxeViolations(page, 'orders column chooser open');
    await page.keyboard.press('Escape');
    await expect(ordersTable(page).getByRole('columnheader', { name: 'Shipper' })).toHaveCount(0);
    await expect(ordersTable(page).getByRole('columnheader', { name: 'Warehouse' })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    expect(await headers(page)).not.toContain('Shipper');
    expect(await headers(page)).toContain('Warehouse');

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitem', { name: 'Reset to default' }).click();
    await page.keyboard.press('Escape');
    await expect(ordersTable(page).getByRole('columnheader', { name: 'Shipper' })).toBeVisible();
    await expect(ordersTable(page).getByRole('columnheader', { name: 'Warehouse' })).toHaveCount(0);
  });

  test('sorting by customer and ship date changes the order, as the server sorts it', async ({ page, request }) => {
    const { token, warehouse } = await signInNewark(page, request);
    const serverOrder = async (query: string) => {
      const response = await request.get(
        `/api/orders/with-merge-items?warehouse_id=${warehouse.id}&per_page=25&${query}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const { data } = (await response.json()) as { data: { type: string; order_number?: string }[] };
      return data.filter((row) => row.type === 'order').map((row) => row.order_number);
    };
    await page.goto('/orders');
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    const newestFirst = await orderNumbers(page);

    await ordersTable(page).getByRole('button', { name: 'Customer' }).click();
    await expect(page).toHaveURL(/sort=customer_name&direction=asc/);
    const byCustomer = await serverOrder('sort=customer_name&direction=asc');
    await expect.poll(() => orderNumbers(page)).toEqual(byCustomer);
    expect(byCustomer).not.toEqual(newestFirst);

    await ordersTable(page).getByRole('button', { name: 'Customer' }).click();
    await expect(page).toHaveURL(/direction=desc/);
    await expect.poll(() => orderNumbers(page)).toEqual(await serverOrder('sort=customer_name&direction=desc'));

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Ship date, soonest' }).click();
    await expect(page).toHaveURL(/sort=ship_date&direction=asc/);
    await expect.poll(() => orderNumbers(page)).toEqual(await serverOrder('sort=ship_date&direction=asc'));

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Newest first' }).click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect.poll(() => orderNumbers(page)).toEqual(newestFirst);
  });

  test('an unverified order is refused before the "cannot be undone" question, on the list and the detail', async ({
    page,
    request,
  }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) =>
      api.orderOf(DEMO_ORDER_CUSTOMERS.processing),
    );
    await signInNewark(page, request);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.processing)}`);
    const select = page.getByRole('combobox', { name: `Status of order ${order.order_number}` });
    await expect(select).toHaveText('Processing');
    await select.click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    const refusal = page.getByRole('dialog', { name: 'This order cannot ship yet' });
    await expect(refusal).toContainText('All order items must be verified first');
    await expect(refusal).toContainText(/\d+ of \d+ units verified/);
    await expect(page.getByRole('dialog', { name: 'Mark order as shipped?' })).toHaveCount(0);
    await expect(refusal.getByRole('link', { name: 'Verify items' })).toHaveAttribute('href', `/orders/${order.id}`);
    await page.screenshot(shot('orders-ship-refused'));
    await expectNoSeriousAxeViolations(page, 'ship refusal dialog');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(select).toHaveText('Processing');

    await page.goto(`/orders/${order.id}`);
    const detailSelect = page.getByRole('combobox', { name: 'Order status' });
    // The detail's reads done first: a select opened while they land re-renders under the click (a CI run's
    // listbox stayed open with the option unclicked).
    await settle(page);
    await expect(detailSelect).toHaveText('Processing');
    await detailSelect.click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'This order cannot ship yet' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Mark order as shipped?' })).toHaveCount(0);
  });

  test('statuses read as words, and the selector is grouped by lifecycle under headings', async ({ page, request }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) =>
      api.orderOf(DEMO_ORDER_CUSTOMERS.processing),
    );
    await signInNewark(page, request);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.processing)}`);
    await page.getByRole('combobox', { name: `Status of order ${order.order_number}` }).click();
    const entries = (await page.getByRole('listbox').locator('li').allInnerTexts()).map((text) => text.trim());
    const at = (text: string) => {
      const index = entries.indexOf(text);
      expect(index, `"${text}" in ${entries.join(', ')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    for (const raw of ['Order_placed', 'tx_er_order', 'Not_updated_yet', 'letter_packed']) {
      expect(entries).not.toContain(raw);
    }
    const open = at('Open');
    const shipped = at('Shipped · deducts stock');
    const cancelled = at('Cancelled · releases stock');
    expect(open).toBe(0);
    for (const label of ['Order placed', 'Not updated yet', 'TX ER order', 'Processing']) {
      expect(at(label)).toBeGreaterThan(open);
      expect(at(label)).toBeLessThan(shipped);
    }
    for (const label of ['Shipped', 'Delivered', 'Letter shipped']) {
      expect(at(label)).toBeGreaterThan(shipped);
      expect(at(label)).toBeLessThan(cancelled);
    }
    for (const label of ['Cancelled', 'Refunded']) expect(at(label)).toBeGreaterThan(cancelled);
    await page.screenshot(shot('orders-status-groups'));
    await expectNoSeriousAxeViolations(page, 'grouped status selector open');
    await page.keyboard.press('Escape');

    // The filter offers the same labels, and keeps the status's value in the URL.
    await page.goto('/orders');
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Order placed' }).click();
    await expect(page).toHaveURL(/status=Order_placed/);
  });
});

test.describe('orders screens at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an order card is three lines: number and status, customer and account, items and ship date', async ({
    page,
    request,
  }) => {
    const order = await ordersApi(request, DEMO_USERS.admin).then((api) =>
      api.orderOf(DEMO_ORDER_CUSTOMERS.processing),
    );
    await signInNewark(page, request);
    await page.goto(`/orders?search=${encodeURIComponent(DEMO_ORDER_CUSTOMERS.processing)}`);
    const card = page.getByTestId('list-card').filter({ hasText: order.order_number });
    await expect(card).toBeVisible();
    await expect(card).toContainText(DEMO_ORDER_CUSTOMERS.processing);
    await expect(card).toContainText(order.account.name);
    await expect(card).toContainText(/\d+ items? · Ships/);
    await expect(card.getByRole('combobox', { name: `Status of order ${order.order_number}` })).toBeVisible();
    const height = (await card.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
    // Three lines of about 28 px and the card's padding: was 14 rows (about 480 px).
    expect(height).toBeLessThanOrEqual(110);
    // The rest of the row's actions sit behind one button.
    await card.getByRole('button', { name: `Actions for ${order.order_number}` }).click();
    await expect(page.getByRole('menuitem', { name: `View ${order.order_number}` })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'order card actions menu at 390 px');
    await page.keyboard.press('Escape');
    await page.screenshot(shot('orders-list-390'));

    // The order's items are cards too: nothing to scroll sideways.
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-item-card').first()).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    await page.screenshot(shot('order-detail-390'));
    await expectNoSeriousAxeViolations(page, 'order detail at 390 px');
  });
});
