import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumentedClientError } from './support/error-shape';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * One id schema (contract `ids.ts`) in every path, query and body. Number() reads `0x1A` as 26, `1e9`
 * as a billion and `-0` as 0, so a route with its own `z.coerce.number()` answered `GET /api/orders/0x1A` with
 * order 26. Every id must be digits only, 1…2^31−1: anything else is a 422 naming the field, whatever the route.
 */
const HOSTILE_IDS = ['0x1A', '1e3', '-1', '0', '2147483648', '01', '1.0'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Stored files are named by a random UUID (README: avatars), not by a row id. */
const UUID_ROUTES = new Set(['/api/files/:id']);
/** Path parameters that carry a row id: `:id`, `:itemId`, `:accountId` (not `:type`). */
const isIdParam = (name: string) => name === 'id' || name.endsWith('Id');
const paramsOf = (url: string) => (UUID_ROUTES.has(url) ? [] : [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!));

describe('every registered route with an id in its path refuses a malformed id (422)', () => {
  it('finds the id routes (orders, shipments, labels, drafts, merge items among them)', () => {
    const urls = ctx.app.apiRoutes.filter((r) => paramsOf(r.url).some(isIdParam)).map((r) => r.url);
    for (const url of [
      '/api/orders/:id',
      '/api/orders/:id/items/:itemId/verify',
      '/api/shipments/:id',
      '/api/labels/:id/download',
      '/api/bulk-order-drafts/:id',
      '/api/merge-items/:id/download-pdf',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('answers 422 on the id for hex, exponent, negative, zero, 2^31, a leading zero and a decimal', async () => {
    const failures: string[] = [];
    for (const route of ctx.app.apiRoutes) {
      const ids = paramsOf(route.url).filter(isIdParam);
      if (ids.length === 0) continue;
      for (const hostile of HOSTILE_IDS) {
        // Every id parameter of the path gets the hostile value (the first one validated fails).
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => (isIdParam(name) ? hostile : 'orders'));
        // The super-admin holds every permission and every rule, so nothing answers before validation does.
        const res = await ctx.as('superAdmin', { method: route.method as 'GET', url });
        const errors = res.statusCode === 422 ? (res.json().errors as Record<string, string[]>) : {};
        if (res.statusCode !== 422 || !ids.some((name) => name in errors)) {
          failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else {
          expectDocumentedClientError(res);
        }
      }
    }
    expect(failures).toEqual([]);
    // Seven ids for every id route (60+ routes): about 18 s on the shared machine under load, near the default 20 s.
  }, 60_000);

  it('anonymous callers are refused (401) before the id is read', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/orders/0x1A' });
    expect(res.statusCode).toBe(401);
  });
});

describe('every id filter in a query refuses a malformed id (422)', () => {
  it('reads the `*_id` query parameters from the OpenAPI document and sends each hostile value', async () => {
    const document = (await ctx.as(null, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const failures: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path.includes('{')) continue;
      const get = operations.get;
      for (const name of (get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)) {
        if (!name.endsWith('_id') && name !== 'assigned_to') continue;
        checked++;
        for (const hostile of HOSTILE_IDS) {
          const res = await ctx.as('superAdmin', { method: 'GET', url: `${path}?${name}=${hostile}` });
          if (res.statusCode !== 422 || !(name in (res.json().errors ?? {}))) {
            failures.push(`GET ${path}?${name}=${hostile} → ${res.statusCode}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    // Seven values for every id filter (~20 filters), like the id routes above: past 20 s on the loaded machine.
  }, 60_000);
});

describe('ids in bodies share the schema', () => {
  it.each(HOSTILE_IDS)('refuses %s as a draft, shipment, order and order line id', async (hostile) => {
    const { warehouses, accounts } = ctx.world;
    const cases: { url: string; payload: Record<string, unknown>; field: string }[] = [
      {
        url: '/api/bulk-order-drafts',
        payload: { account_id: hostile, warehouse_id: warehouses.alpha, draft_data: { orders: [] } },
        field: 'account_id',
      },
      {
        url: '/api/shipments',
        payload: { account_id: accounts.clientActive, warehouse_id: hostile, product_id: 1, quantity: 1 },
        field: 'warehouse_id',
      },
      {
        url: '/api/orders/bulk',
        payload: {
          orders: [
            {
              account_id: accounts.clientActive,
              warehouse_id: warehouses.alpha,
              customer_name: 'Hostile',
              ship_date: '2026-12-01',
              order_id: 'H-1',
              products: [{ product_id: hostile, quantity: 1 }],
            },
          ],
        },
        field: 'orders.0.products.0.product_id',
      },
    ];
    for (const { url, payload, field } of cases) {
      const res = await ctx.as('superAdmin', { method: 'POST', url, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(res.json().errors, url).toHaveProperty([field]);
    }
  });
});

describe('no route or contract file declares an id schema of its own', () => {
  const modules = join(import.meta.dirname, '../src/modules');
  const contract = join(import.meta.dirname, '../../../packages/contract/src');
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    );

  it('route files use the contract’s idParams/idSchema, never z.coerce.number()', () => {
    const offenders = filesUnder(modules)
      .filter((file) => file.endsWith('-routes.ts'))
      .filter((file) => /z\s*\.\s*coerce\s*\.\s*number\s*\(|2_?147_?483_?647/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('contract files take ids from ids.ts (no id range of their own)', () => {
    const offenders = filesUnder(contract)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('ids.ts') && !file.includes('.test.'))
      .filter((file) => /2_?147_?483_?647/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
