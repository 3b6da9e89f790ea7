import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/files';
import { inventories } from '../src/db/schema/inventory';
import { users } from '../src/db/schema/users';
import { clientErrorOfDatabase } from '../src/http/database-errors';
import { createInventory, createProduct } from './support/catalogue';
import { expectDocumentedClientError } from './support/error-shape';
import { multipartFile, png } from './support/images';
import { multipart } from './support/multipart';
import { sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';

/** Each finding of the black-box probe, reproduced exactly, answers 4xx in the documented shape. */
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wms-hostile-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const jsonText = (method: 'POST' | 'PUT', url: string, text: string) => ({
  method,
  url,
  payload: text,
  headers: { 'content-type': 'application/json' },
});

describe('ids: one schema, digits only, 1…2147483647', () => {
  it.each(['2147483648', '99999999999', '0', '-1', '%201', '0x10', '1e3', '01', '1.0', 'abc'])(
    'GET /api/products/%s answers 422',
    async (id) => {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/products/${id}` });
      expect(res.statusCode).toBe(422);
      expectDocumentedClientError(res);
    },
  );

  it('answers 404, not 500, for the largest valid id', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/products/2147483647' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses an out-of-range or non-decimal id in a query and in a body', async () => {
    for (const url of ['/api/inventories?warehouse_id=2147483648', '/api/products?account_id=0x10']) {
      const res = await ctx.as('admin', { method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toHaveProperty(url.includes('warehouse') ? 'warehouse_id' : 'account_id');
    }
    const body = await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${ctx.world.warehouses.alpha}/remove-user`,
      payload: { user_id: 2147483648 },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toHaveProperty('user_id');
  });

  it('DELETE /api/inventories/0x10 no longer deletes inventory 16 (or any)', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const inventory = await createInventory(ctx, {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand: 5,
    });
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/inventories/0x${inventory.id.toString(16)}` });
    expect(res.statusCode).toBe(422);
    const [row] = await ctx.handle.db.select().from(inventories).where(eq(inventories.id, inventory.id));
    expect(row).toBeDefined();
  });
});

describe('text: NUL and unpaired surrogates are refused (422), never stored', () => {
  it('refuses ?search=%00', async () => {
    const res = await ctx.as('client', { method: 'GET', url: '/api/products?search=%00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('search');
  });

  it('refuses a product name with NUL and a phone with NUL', async () => {
    const product = await ctx.as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: { sku: 'NUL-1', name: 'a\u0000b', account_id: ctx.world.accounts.clientActive },
    });
    expect(product.statusCode).toBe(422);
    expect(product.json().errors).toHaveProperty('name');
    const profile = await ctx.as('client', {
      method: 'PUT',
      url: '/api/users',
      payload: { name: 'C', phone: '1\u00002' },
    });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toHaveProperty('phone');
  });

  it('refuses an unpaired surrogate on warehouses (raw JSON, as the probe sent it)', async () => {
    const res = await ctx.as('admin', jsonText('POST', '/api/warehouses', '{"name":"ls","code":"\\ud800x"}'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('code');
    const key = await ctx.as('admin', jsonText('POST', '/api/warehouses', '{"name":"ls","code":"ok","\\udc00":1}'));
    expect(key.statusCode).toBe(422);
  });

  it('accepts a properly paired surrogate (an emoji)', async () => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/warehouses',
      payload: { name: 'Emoji 📦 depot', code: 'EMJ' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('limits: every id array capped, every text bounded, quantities bounded', () => {
  it('answers 422 to register with 65 535 warehouse ids (unauthenticated), not 500', async () => {
    const res = await ctx.as(null, {
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Many',
        email: 'many@example.com',
        password: 'Password123!',
        password_confirmation: 'Password123!',
        warehouse_ids: Array.from({ length: 65_535 }, (_, i) => i + 1),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('warehouse_ids');
  });

  it.each([
    ['POST', '/api/users', { name: 'A', email: 'arr@example.com', role: 'client' }, 'warehouse_ids'],
    ['POST', '/api/accounts', { name: 'A', status: 'active', account_type: 'regular' }, 'warehouse_ids'],
    ['POST', '/api/warehouses', { name: 'A', code: 'ARR' }, 'user_ids'],
  ] as const)('%s %s refuses 1001 ids in %s', async (method, url, base, field) => {
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1);
    const res = await ctx.as('admin', {
      method,
      url,
      payload: { ...base, user_id: ctx.world.users.client.id, [field]: ids },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('refuses user names of 2 700 characters and of 100 KB', async () => {
    for (const length of [256, 2700, 100_000]) {
      const res = await ctx.as('admin', {
        method: 'POST',
        url: '/api/users',
        payload: { name: 'n'.repeat(length), email: `long${length}@example.com`, role: 'client' },
      });
      expect(res.statusCode, String(length)).toBe(422);
      expect(res.json().errors.name).toEqual(['Use at most 255 characters.']);
    }
    const [stored] = await ctx.handle.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, 'long2700@example.com'));
    expect(stored?.n).toBe(0);
  });

  it('refuses an adjustment of 2147483647 (and anything above a million) with 422', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const inventory = await createInventory(ctx, {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand: 1,
    });
    for (const change of [2_147_483_647, 1_000_001, -1_000_001]) {
      const res = await ctx.as('admin', {
        method: 'POST',
        url: `/api/inventories/${inventory.id}/adjust`,
        payload: { type: 'on_hand', quantity_change: change },
      });
      expect(res.statusCode, String(change)).toBe(422);
      expect(res.json().errors).toHaveProperty('quantity_change');
    }
    const ok = await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${inventory.id}/adjust`,
      payload: { type: 'on_hand', quantity_change: 1_000_000 },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('malformed multipart answers 4xx, never 500', () => {
  const good = multipartFile('image', 'a.png', 'image/png', png(2, 2));
  const boundary = good.headers['content-type'].split('boundary=')[1]!;
  const cases: [string, { payload: Buffer | string; headers: Record<string, string> }][] = [
    ['no boundary', { payload: good.payload, headers: { 'content-type': 'multipart/form-data' } }],
    ['wrong boundary', { payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=nope' } }],
    [
      'truncated body',
      {
        payload: good.payload.subarray(0, good.payload.length - 30),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    ],
    ['garbage', { payload: 'not multipart at all', headers: good.headers }],
  ];
  it.each(cases)('POST /api/uploadImage: %s', async (_name, request) => {
    const res = await ctx.as('client', { method: 'POST', url: '/api/uploadImage', ...request });
    expectDocumentedClientError(res, _name);
  });
  it.each(cases)('POST /api/products/import: %s', async (_name, request) => {
    const res = await ctx.as('client', { method: 'POST', url: '/api/products/import', ...request });
    expectDocumentedClientError(res, _name);
  });

  it('stores an avatar with an empty file name or a NUL in its name under a clean name', async () => {
    for (const name of ['', 'a\u0000b.png']) {
      const res = await ctx.as('client', {
        method: 'POST',
        url: '/api/uploadImage',
        ...multipartFile('image', name, 'image/png', png(2, 2)),
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(200);
    }
    const names = await ctx.handle.db
      .select({ name: files.originalName })
      .from(files)
      .where(eq(files.ownerUserId, ctx.world.users.client.id));
    expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(['avatar', 'ab.png']));
  });

  it('imports a file whose name holds a NUL (the name is cleaned)', async () => {
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/products/import',
      ...multipart(
        { account_id: ctx.world.accounts.clientActive },
        {
          filename: 'cat\u0000alogue.csv',
          content: sheetFile(
            [
              ['SKU', 'Product Name'],
              ['NULNAME-1', 'Fine'],
            ],
            'csv',
          ),
        },
      ),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('uploads over the limit', () => {
  it.each([5, 30])('answers 413 to a %i MB avatar and stores nothing', async (megabytes) => {
    const before = await ctx.handle.db.select({ n: count() }).from(files);
    const big = Buffer.concat([png(100, 100), Buffer.alloc(megabytes * 1024 * 1024)]);
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/uploadImage',
      ...multipartFile('image', 'big.png', 'image/png', big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image must not be larger than 2 MB.' });
    const after = await ctx.handle.db.select({ n: count() }).from(files);
    expect(after[0]?.n).toBe(before[0]?.n);
    const stored = await readdir(join(dataDir, 'files', 'avatars')).catch(() => []);
    const rows = await ctx.handle.db.select({ key: files.storageKey }).from(files);
    expect(stored.length).toBe(rows.filter((r) => r.key.startsWith('avatars/')).length);
  });
});

describe('races', () => {
  it('answers one 201 and 422s (never 500) to the same email registered 20 times at once', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.as(null, {
          method: 'POST',
          url: '/api/register',
          payload: {
            name: 'Racer',
            email: 'racer@example.com',
            password: 'Password123!',
            password_confirmation: 'Password123!',
            warehouse_ids: [ctx.world.warehouses.alpha],
          },
        }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    for (const r of attempts.filter((a) => a.statusCode === 422)) {
      expect(r.json().errors.email).toEqual(['The email has already been taken.']);
    }
  });
});

describe('scope: a manager reading an account sees only their warehouses on it', () => {
  it('lists only the in-scope warehouses of an account shared with another warehouse', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/accounts',
      payload: {
        name: 'Shared Goods',
        warehouse_ids: [alpha, beta],
        status: 'active',
        account_type: 'regular',
        user_id: ctx.world.users.client.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const one = await ctx.as('manager', { method: 'GET', url: `/api/accounts/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.warehouse_ids).toEqual([alpha]);
    expect(one.json().data.warehouses.map((w: { id: number }) => w.id)).toEqual([alpha]);
    expect(one.json().data.warehouse_name).toBe('Alpha Warehouse');
    const list = await ctx.as('manager', { method: 'GET', url: '/api/accounts?per_page=100' });
    const listed = list.json().data.find((a: { id: number }) => a.id === id);
    expect(listed.warehouse_ids).toEqual([alpha]);
    // The owner and admins still see both.
    const owner = await ctx.as('client', { method: 'GET', url: `/api/accounts/${id}` });
    expect(owner.json().data.warehouse_ids.sort()).toEqual([alpha, beta].sort());
  });
});

describe('database errors map to 4xx in one place (the safety net behind the schemas)', () => {
  it.each([
    ['22003', 422],
    ['22021', 422],
    ['22P05', 422],
    ['22P02', 422],
    ['54000', 422],
    ['23505', 409],
    ['23503', 409],
    ['23514', 409],
  ])('SQLSTATE %s → %i, also when wrapped in cause', (code, status) => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });
    expect(clientErrorOfDatabase(wrapped)?.statusCode).toBe(status);
  });
  it('leaves other errors alone (they stay 500)', () => {
    expect(clientErrorOfDatabase(new Error('boom'))).toBeUndefined();
    expect(clientErrorOfDatabase(Object.assign(new Error('x'), { code: '40001' }))).toBeUndefined();
  });
});
