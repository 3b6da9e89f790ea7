import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  firstId,
  settle,
  someShipperId,
} from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { kitScreensData } from '../fixtures/kits';
import { expect, type SignedIn, test } from '../fixtures/session';

/**
 * Every screen, as each role where it differs, at 1440 px and 390 px wide: axe finds no serious or
 * critical violation (nor heading-order / missing main), and at 390 px no page is wider than the viewport.
 * With E2E_SCREENSHOTS=1, screenshots go to test-results/audit/<role>-<width>-<screen>.png for a human to look at.
 */
const WIDTHS = [1440, 390] as const;

/**
 * One navigation per screen: it opens at the first width, and the viewport is then resized to the other (the layout
 * follows media queries, as a window resized by hand does, and what the other width needs — the phone menu, the
 * header's selectors — loads then; settle waits for it). A second full load of the same screen cost ≈ 2 s of every
 * test and checked nothing more.
 */
async function audit(page: Page, role: string, path: string) {
  for (const [index, width] of WIDTHS.entries()) {
    await page.setViewportSize({ width, height: 900 });
    if (index === 0) await page.goto(path);
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

// Every test signs in on its own and only reads: they spread over the workers (E2E_WORKERS) one by one.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

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
  warehouse: await firstId(request, token, '/warehouses?per_page=1&search=NWK'),
  // The demo order shipped two days ago: its announce-return form.
  shipped: await firstId(request, token, '/orders/with-merge-items?per_page=100&type=all&search=Priya%20Patel'),
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
    (ids) => `/warehouses/${ids.warehouse}/locations`,
    '/moves/scan',
    '/billing/rate-cards',
    '/billing/settings',
    '/shippers',
    '/shippers/create',
    (ids) => `/shippers/${ids.shipper}`,
    (ids) => `/shippers/${ids.shipper}/edit`,
    '/setting',
    '/setting?tab=security',
    '/setting?tab=api-keys',
    '/orders',
    '/returns',
    '/returns/receive',
    (ids) => `/orders/${ids.shipped}/return`,
  ],
  staffIds,
);

screens('superAdmin', ['/roles']);
screens('manager', ['/users', '/accounts', '/products', '/inventories', '/warehouses', '/kit-work-orders']);
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
    '/setting?tab=api-keys',
    '/returns',
  ],
  async (request, { token, account }) => ({
    product: await firstId(request, token, `/accounts/${account?.id}/products?per_page=1`),
  }),
);

// Kits: a bundle with its components editor, a component naming its kits, an assembled kit's stock ("Can build
// N") and an order whose component lines sit under their bundle. The states are made for each test.
const kitIds: IdsOf = async (request) => kitScreensData(request);
screens(
  'admin',
  [
    (ids) => `/products/${ids.bundle}`,
    (ids) => `/products/${ids.component}`,
    (ids) => `/inventories/${ids.assembledInventory}`,
    (ids) => `/orders/${ids.bundleOrder}`,
  ],
  kitIds,
);

/**
 * Axe also audits what opens over a screen: the phone navigation drawer and the main dialogs (a
 * dialog without a name or low-contrast avatars only show once they are open).
 */
test.describe('open drawers and dialogs', () => {
  test('the phone navigation drawer is a named dialog', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(DEMO_USERS.admin);
    await page.goto('/dashboard');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
    await page.screenshot({ path: 'test-results/audit/admin-390-navigation-drawer.png', animations: 'disabled' });
    await expectNoSeriousAxeViolations(page, 'navigation drawer at 390px');
  });

  const dialogs: { name: string; path: string; open: (page: Page) => Promise<void>; dialog: RegExp }[] = [
    {
      name: 'create warehouse',
      path: '/warehouses',
      open: (page) => page.getByRole('button', { name: 'Add Warehouse' }).click(),
      dialog: /Add Warehouse/,
    },
    {
      name: 'manage users',
      path: '/warehouses',
      open: async (page) => {
        await page.getByRole('button', { name: 'Manage users of Newark Fulfillment Center' }).click();
        await expect(page.getByRole('list', { name: 'Assigned users' })).toBeVisible();
      },
      dialog: /Manage Users/,
    },
    {
      name: 'delete account',
      path: '/accounts?search=Northwind',
      open: async (page) => {
        await page.getByRole('button', { name: 'Delete Northwind Outdoor Co.' }).click();
        await expect(page.getByText(/still holds/)).toBeVisible();
      },
      dialog: /Cannot Delete Account/,
    },
    {
      name: 'import products',
      path: '/products',
      open: (page) => page.getByRole('button', { name: 'Import' }).click(),
      dialog: /Import Products/,
    },
    {
      name: 'adjust inventory',
      path: '/inventories',
      open: (page) =>
        page
          .getByRole('button', { name: /^Adjust / })
          .first()
          .click(),
      dialog: /Adjust Quantity/,
    },
  ];
  for (const entry of dialogs) {
    test(`the ${entry.name} dialog`, async ({ page, signInAs }) => {
      await signInAs(DEMO_USERS.admin);
      // Opened once, at the first width; the open dialog is then resized to the other (see audit).
      for (const [index, width] of WIDTHS.entries()) {
        await page.setViewportSize({ width, height: 900 });
        if (index === 0) {
          await page.goto(entry.path);
          await settle(page);
          await entry.open(page);
        }
        await expect(page.getByRole('dialog', { name: entry.dialog })).toBeVisible();
        await settle(page);
        const shot = `test-results/audit/admin-${width}-dialog-${entry.name.replace(/ /g, '-')}.png`;
        await page.screenshot({ path: shot, animations: 'disabled' });
        await expectNoSeriousAxeViolations(page, `${entry.name} dialog at ${width}px`);
      }
    });
  }
});

/**
 * A phone card shows what a person scans for in at most three lines (title and status, a second
 * line, a third with the buttons), not every column as a row. Three lines and the card's padding stay under this.
 */
const MAX_CARD_HEIGHT = 120;

test.describe('phone cards at 390 px', () => {
  const lists: (string | PathOf)[] = [
    '/products',
    '/inventories',
    '/inquiries',
    '/shipments',
    '/accounts',
    '/warehouses',
    '/users',
    '/shippers',
    '/statuses',
    (ids) => `/inventories/${ids.inventory}`,
    (ids) => `/warehouses/${ids.warehouse}/locations`,
  ];
  for (const path of lists) {
    const title =
      typeof path === 'string'
        ? path
        : path({}).includes('locations')
          ? '/warehouses/:id/locations'
          : '/inventories/:id (movement history)';
    test(`${title}: cards of at most three lines`, async ({ page, signInAs, request }) => {
      const session = await signInAs(DEMO_USERS.admin);
      await someShipperId(request, session.token);
      if (path === '/inquiries') await someInquiries(request, session.token);
      const url =
        typeof path === 'string'
          ? path
          : path({
              inventory: await firstId(request, session.token, '/inventories'),
              warehouse: await firstId(request, session.token, '/warehouses?per_page=1&search=NWK'),
            });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      await settle(page);
      const cards = page.getByTestId('list-card');
      await expect(cards.first()).toBeVisible();
      const heights = await cards.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));
      await page.screenshot({
        path: `test-results/audit/admin-390-cards-${url.replace(/[/?=&]+/g, '_').replace(/^_/, '')}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      expect(Math.max(...heights), `tallest card on ${url}`).toBeLessThanOrEqual(MAX_CARD_HEIGHT);
    });
  }
});

/** The demo data has no inquiries: one in each active warehouse, whichever the header selects. */
async function someInquiries(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/warehouses?per_page=100', { headers });
  const { data } = (await list.json()) as { data: { id: number; is_active: boolean }[] };
  for (const warehouse of data.filter((w) => w.is_active)) {
    const created = await request.post('/api/inquiries', {
      headers,
      data: { type: 'general', query: 'Audit: when does the next pickup leave the dock?', warehouse_id: warehouse.id },
    });
    expect(created.status(), 'create inquiry').toBe(201);
  }
}

/** An empty list at 390 px shows its whole message, not a wide table's cut-off cell. */
test('empty lists at 390 px show their whole message', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.admin);
  await page.setViewportSize({ width: 390, height: 844 });
  const nothing = 'zz-no-such-thing-zz';
  const empties: [string, string][] = [
    [`/inquiries?search=${nothing}`, 'No inquiries found'],
    [`/products?search=${nothing}`, 'No products match your search'],
    [`/inventories?search=${nothing}`, 'No inventory matches your search'],
    [`/shipments?search=${nothing}`, 'No shipments match'],
    [`/accounts?search=${nothing}`, 'No accounts found'],
    [`/warehouses?search=${nothing}`, 'No warehouses found'],
    [`/users?search=${nothing}`, 'No users found'],
    [`/shippers?search=${nothing}`, 'No shippers found'],
    [`/statuses?search=${nothing}`, 'No statuses match your filters'],
  ];
  for (const [path, message] of empties) {
    await page.goto(path);
    const heading = page.getByRole('heading', { name: message });
    await expect(heading, path).toBeVisible();
    const box = await heading.boundingBox();
    expect(box, path).not.toBeNull();
    expect.soft(box!.x, `${path}: message starts on screen`).toBeGreaterThanOrEqual(0);
    expect.soft(box!.x + box!.width, `${path}: message ends on screen`).toBeLessThanOrEqual(390);
    // Not inside a table that is wider than the screen.
    await expect.soft(page.getByRole('table'), path).toHaveCount(0);
  }
});
