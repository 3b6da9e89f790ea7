import type { Page } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  firstId,
  settle,
  someShipperId,
} from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { test } from '../fixtures/session';

/**
 * Issue 13: every screen, as each role where it differs, at 1440 px and 390 px wide: axe finds no serious or
 * critical violation, and at 390 px no page is wider than the viewport. Screenshots go to
 * test-results/audit/<role>-<width>-<screen>.png for a human to look at.
 */
const WIDTHS = [1440, 390] as const;

async function audit(page: Page, role: string, path: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await settle(page);
    const screen = `${role} ${path} at ${width}px`;
    const name = `${role}-${width}-${path.replace(/[/?=&]+/g, '_').replace(/^_/, '') || 'root'}`;
    await page.screenshot({ path: `test-results/audit/${name}.png`, fullPage: true, animations: 'disabled' });
    if (width === 390) await expectNoHorizontalOverflow(page, screen);
    await expectNoSeriousAxeViolations(page, screen);
  }
}

test.describe('every screen at 1440 and 390 px: axe and width', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out', async ({ page }) => {
    for (const path of ['/login', '/register']) await audit(page, 'guest', path);
  });

  test('client choosing an account', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.client2, { withSelection: false });
    await audit(page, 'client2', '/select-account');
  });

  test('admin', async ({ page, signInAs, request }) => {
    const { token } = await signInAs(DEMO_USERS.admin);
    const product = await firstId(request, token, '/products?per_page=1');
    const inventory = await firstId(request, token, '/inventories?per_page=1');
    const shipper = await someShipperId(request, token);
    const user = await firstId(request, token, '/users?per_page=1&role=client');
    const account = await firstId(request, token, '/accounts?per_page=1');
    for (const path of [
      '/dashboard',
      '/users',
      '/users/create',
      `/users/${user}/edit`,
      '/roles',
      '/accounts',
      '/accounts/create',
      `/accounts/${account}/edit`,
      '/products',
      '/products/create',
      `/products/${product}`,
      `/products/${product}/edit`,
      '/inventories',
      '/inventories?warehouse=all',
      '/inventories/create',
      `/inventories/${inventory}`,
      `/inventories/${inventory}/edit`,
      '/warehouses',
      '/shippers',
      '/shippers/create',
      `/shippers/${shipper}`,
      `/shippers/${shipper}/edit`,
      '/setting',
      '/setting?tab=security',
      '/orders',
    ]) {
      await audit(page, 'admin', path);
    }
  });

  test('super-admin roles matrix', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.superAdmin);
    await audit(page, 'superadmin', '/roles');
  });

  test('manager', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.manager);
    for (const path of ['/users', '/accounts', '/products', '/inventories', '/warehouses']) {
      await audit(page, 'manager', path);
    }
  });

  test('client', async ({ page, signInAs, request }) => {
    const { token, account } = await signInAs(DEMO_USERS.client);
    const product = await firstId(request, token, `/accounts/${account?.id}/products?per_page=1`);
    for (const path of [
      '/dashboard',
      '/products',
      '/products/create',
      `/products/${product}`,
      '/inventories',
      '/accounts',
      '/warehouses',
      '/shippers',
      '/setting',
    ]) {
      await audit(page, 'client', path);
    }
  });
});
