import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { DEMO_ORDER_CUSTOMERS, ordersApi } from '../fixtures/orderScreens';
import { test } from '../fixtures/session';

/**
 * The statuses and orders screens at 1440 and 390 px: axe finds no serious or critical violation, and at 390 px no
 * page is wider than the viewport. Screenshots go to test-results/audit/orders-<role>-<width>-<screen>.png.
 */
const WIDTHS = [1440, 390] as const;

async function audit(page: Page, role: string, path: string, prepare?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await settle(page);
    if (prepare) {
      await prepare(page);
      await settle(page);
    }
    const screen = `${role} ${path} at ${width}px`;
    const name = `orders-${role}-${width}-${path.replace(/[/?=&]+/g, '_').replace(/^_/, '')}`;
    await page.screenshot({ path: `test-results/audit/${name}.png`, fullPage: true, animations: 'disabled' });
    if (width === 390) await expectNoHorizontalOverflow(page, screen);
    await expectNoSeriousAxeViolations(page, screen);
  }
}

test.describe.configure({ timeout: 120_000 });

test('admin: statuses screens', async ({ page, request, signInAs }) => {
  const session = await signInAs(DEMO_USERS.admin);
  const list = await request.get('/api/statuses', { headers: { Authorization: `Bearer ${session.token}` } });
  const { statuses } = (await list.json()) as { statuses: { id: number; name: string }[] };
  const processing = statuses.find((status) => status.name === 'Processing')!;
  for (const path of ['/statuses', '/statuses/create', `/statuses/${processing.id}/edit`]) {
    await audit(page, 'admin', path);
  }
});

test('admin: orders list (merge row open), detail with the scanner, edit', async ({ page, request, signInAs }) => {
  await signInAs(DEMO_USERS.admin);
  const order = await (await ordersApi(request, DEMO_USERS.admin)).orderOf(DEMO_ORDER_CUSTOMERS.scan);
  await audit(page, 'admin', '/orders', async (p) => {
    const expand = p.getByRole('button', { name: /^Show orders of / }).first();
    if (await expand.count()) await expand.click();
  });
  await audit(page, 'admin', `/orders/${order.id}`, async (p) => {
    await p.getByRole('button', { name: 'Scan to Verify' }).click();
  });
  await audit(page, 'admin', `/orders/${order.id}/edit`);
});

test('admin: shipped archive (prompt, then an account’s orders)', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.admin);
  await audit(page, 'admin', '/shipped-orders');
  await audit(page, 'admin', '/shipped-orders', async (p) => {
    await p
      .getByRole('group', { name: 'Warehouses' })
      .getByRole('button', { name: /Dallas/ })
      .click();
    await p.getByRole('group', { name: 'Accounts' }).getByRole('button', { name: /Peak/ }).click();
  });
});

test('client: orders list, detail and archive', async ({ page, request, signInAs }) => {
  await signInAs(DEMO_USERS.client);
  const order = await (await ordersApi(request, DEMO_USERS.admin)).orderOf(DEMO_ORDER_CUSTOMERS.labels);
  await audit(page, 'client', '/orders');
  await audit(page, 'client', `/orders/${order.id}`);
  await audit(page, 'client', '/shipped-orders');
});

test('manager: statuses (read only) and orders', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.manager);
  await audit(page, 'manager', '/statuses');
  await audit(page, 'manager', '/orders');
});
