import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  firstId,
  settle,
  someShipperId,
} from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { type SignedIn, test } from '../fixtures/session';

/**
 * Issue 13: every screen, as each role where it differs, at 1440 px and 390 px wide: axe finds no serious or
 * critical violation (nor heading-order / missing main), and at 390 px no page is wider than the viewport.
 * Screenshots go to test-results/audit/<role>-<width>-<screen>.png for a human to look at.
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

type PathOf = (ids: Record<string, number>) => string;
type IdsOf = (request: APIRequestContext, session: SignedIn) => Promise<Record<string, number>>;

/** One test per screen, so a failure names it and the suite never runs into one long timeout. */
function screens(role: keyof typeof DEMO_USERS, paths: readonly (string | PathOf)[], ids?: IdsOf) {
  test.describe(`${role} screens`, () => {
    for (const [index, path] of paths.entries()) {
      const title = typeof path === 'string' ? path : `${path({}).replace(/undefined/g, ':id')}`;
      test(`${role} ${title} (#${index + 1})`, async ({ page, signInAs, request }) => {
        const session = await signInAs(DEMO_USERS[role]);
        const known = typeof path === 'string' ? {} : await (ids?.(request, session) ?? {});
        await audit(page, role, typeof path === 'string' ? path : path(known));
      });
    }
  });
}

test.describe.configure({ timeout: 90_000 });

test('signed out: sign-in and registration', async ({ page }) => {
  for (const path of ['/login', '/register']) await audit(page, 'guest', path);
});

test('client choosing an account', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.client2, { withSelection: false });
  await audit(page, 'client2', '/select-account');
});

const staffIds: IdsOf = async (request, { token }) => ({
  product: await firstId(request, token, '/products?per_page=1'),
  inventory: await firstId(request, token, '/inventories?per_page=1'),
  shipper: await someShipperId(request, token),
  user: await firstId(request, token, '/users?per_page=1&role=client'),
  account: await firstId(request, token, '/accounts?per_page=1'),
});

screens(
  'admin',
  [
    '/dashboard',
    '/users',
    '/users/create',
    (ids) => `/users/${ids.user}/edit`,
    '/roles',
    '/accounts',
    '/accounts/create',
    (ids) => `/accounts/${ids.account}/edit`,
    '/products',
    '/products/create',
    (ids) => `/products/${ids.product}`,
    (ids) => `/products/${ids.product}/edit`,
    '/inventories',
    '/inventories?warehouse=all',
    '/inventories/create',
    (ids) => `/inventories/${ids.inventory}`,
    (ids) => `/inventories/${ids.inventory}/edit`,
    '/warehouses',
    '/shippers',
    '/shippers/create',
    (ids) => `/shippers/${ids.shipper}`,
    (ids) => `/shippers/${ids.shipper}/edit`,
    '/setting',
    '/setting?tab=security',
    '/orders',
  ],
  staffIds,
);

screens('superAdmin', ['/roles']);
screens('manager', ['/users', '/accounts', '/products', '/inventories', '/warehouses']);
screens(
  'client',
  [
    '/dashboard',
    '/products',
    '/products/create',
    (ids) => `/products/${ids.product}`,
    '/inventories',
    '/accounts',
    '/warehouses',
    '/shippers',
    '/setting',
  ],
  async (request, { token, account }) => ({
    product: await firstId(request, token, `/accounts/${account?.id}/products?per_page=1`),
  }),
);
