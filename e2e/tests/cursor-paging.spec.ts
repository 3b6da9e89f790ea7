import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { type OwnServer, startOwnServer } from '../fixtures/ownServer';

/**
 * The products and inventory screens page by cursor beyond the count cap, as the orders list does. The
 * shared e2e servers count every list exactly up to 10 000 rows; this spec starts its own server with
 * LIST_COUNT_CAP=5 (a page still counts up to its own end, so page 1 of 25 rows says "25+", page 2 "50+") and
 * 55 stocked products: three pages of 25 — page 1 by number, pages 2 and 3 by next_cursor, back by prev_cursor.
 */
const ADMIN = { email: 'cap.admin@example.com', password: 'Password123!' };
const ROWS = 55;
const name = (n: number) => `Cap Product ${String(n).padStart(3, '0')}`;

let server: OwnServer;
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ LIST_COUNT_CAP: '5', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
});

interface Session {
  token: string;
  user: unknown;
  warehouse: { id: number; name: string; is_active: boolean };
}
let session: Session | undefined;

/** One warehouse, one client account linked to it, and 55 products each with an inventory row there. */
async function seed(request: APIRequestContext): Promise<Session> {
  const base = server.baseURL;
  const login = await request.post(`${base}/api/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  const headers = { Authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(`${base}/api${path}`, { headers, data });
    expect(response.ok(), `POST ${path}: ${await response.text()}`).toBeTruthy();
    return (await response.json()) as T;
  };
  const { warehouse } = await post<{ warehouse: Session['warehouse'] }>('/warehouses', {
    name: 'Cap Depot',
    code: 'CAP-01',
  });
  const { user: owner } = await post<{ user: { id: number } }>('/users', {
    name: 'Cap Client',
    email: 'cap.client@example.com',
    role: 'client',
    warehouse_ids: [],
  });
  const { data: account } = await post<{ data: { id: number } }>('/accounts', {
    name: 'Cap Outfitters',
    warehouse_ids: [warehouse.id],
    status: 'active',
    account_type: 'regular',
    user_id: owner.id,
  });
  for (let n = 1; n <= ROWS; n++) {
    const { data: product } = await post<{ data: { id: number } }>('/products', {
      sku: `CAP-${String(n).padStart(3, '0')}`,
      name: name(n),
      account_id: account.id,
    });
    await post('/inventories', {
      product_id: product.id,
      warehouse_id: warehouse.id,
      account_id: account.id,
      quantity_on_hand: n,
      quantity_reserved: 0,
    });
  }
  return { token, user, warehouse };
}

async function signIn(page: Page, request: APIRequestContext) {
  session ??= await seed(request);
  await page.goto(`${server.baseURL}/favicon.svg`);
  await page.evaluate((s) => {
    localStorage.clear();
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
    localStorage.setItem('selectedWarehouse', JSON.stringify(s.warehouse));
  }, session);
}

/**
 * Pages forward twice and back twice on a list of 55 rows, 25 a page, newest first: the rows of each page, the
 * pager's "N+" total, the cursor in the URL, and "next" off on the last page (only the cursor can tell).
 */
async function walk(page: Page, path: string, screen: string) {
  const pager = (text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();
  const main = page.getByRole('main');
  await page.goto(`${server.baseURL}${path}`);
  await expect(main.getByText(name(ROWS), { exact: true })).toBeVisible({ timeout: 30_000 });
  await pager('1–25 of 25+');
  await expect(main.getByText(name(30), { exact: true })).toHaveCount(0);

  const next = page.getByRole('button', { name: 'Go to next page' });
  const previous = page.getByRole('button', { name: 'Go to previous page' });
  await next.click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(main.getByText(name(30), { exact: true })).toBeVisible();
  await expect(main.getByText(name(ROWS), { exact: true })).toHaveCount(0);
  await pager('26–50 of 50+');
  await settle(page);
  await expectNoSeriousAxeViolations(page, `${screen}, a page reached by cursor`);

  await next.click();
  await expect(main.getByText(name(1), { exact: true })).toBeVisible();
  await expect(main.getByText(name(6), { exact: true })).toHaveCount(0);
  // The server counts up to the end of the page asked for: past the last row the total is exact again.
  await pager('51–55 of 55');
  await expect(next).toBeDisabled();

  await previous.click();
  await expect(main.getByText(name(30), { exact: true })).toBeVisible();
  await expect(main.getByText(name(1), { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/cursor=/);
  await previous.click();
  await expect(main.getByText(name(ROWS), { exact: true })).toBeVisible();
  // Page 1 again by its number: no cursor left in the URL.
  await expect(page).not.toHaveURL(/cursor=/);
}

test('products: next and previous by cursor beyond the count cap, at 1440 and 390 px', async ({ page, request }) => {
  await signIn(page, request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await walk(page, '/products?per_page=25', 'products at 1440 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await walk(page, '/products?per_page=25', 'products at 390 px');
  await expectNoHorizontalOverflow(page, 'products at 390 px');
});

test('inventory: next and previous by cursor beyond the count cap, at 1440 and 390 px', async ({ page, request }) => {
  await signIn(page, request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await walk(page, '/inventories', 'inventory at 1440 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await walk(page, '/inventories', 'inventory at 390 px');
  await expectNoHorizontalOverflow(page, 'inventory at 390 px');
});
