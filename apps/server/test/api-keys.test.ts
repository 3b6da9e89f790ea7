import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { apiKeys } from '../src/db/schema/api-keys';
import { createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import { type Actor, WORLD_PASSWORD } from './support/world';

let ctx: TestContext;
/** One product in each account: the client's two accounts, their neighbour's in the same warehouse, Otto's. */
let products: { clientActive: number; clientInactive: number; neighbour: number; other: number };
beforeAll(async () => {
  ctx = await createTestContext();
  const { accounts } = ctx.world;
  products = {
    clientActive: (await createProduct(ctx, accounts.clientActive)).id,
    clientInactive: (await createProduct(ctx, accounts.clientInactive)).id,
    neighbour: (await createProduct(ctx, accounts.neighbourActive)).id,
    other: (await createProduct(ctx, accounts.otherClient)).id,
  };
});
afterAll(() => ctx.close());

async function createKey(actor: Actor, body: Record<string, unknown>) {
  const payload = { current_password: WORLD_PASSWORD, ...body };
  const res = await ctx.as(actor, { method: 'POST', url: '/api/api-keys', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { secret: string; data: { id: number; token_prefix: string; status: string } };
}

const withKey = (secret: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const productIdsSeenWith = async (secret: string) => {
  const res = await withKey(secret, 'GET', '/api/products?per_page=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((p) => p.id);
};

describe('creating an API key', () => {
  it('answers the secret once, with a recognisable prefix, and stores only its SHA-256', async () => {
    const { secret, data } = await createKey('client', {
      name: 'Shop integration',
      permissions: ['view products'],
      account_id: ctx.world.accounts.clientActive,
    });
    expect(secret).toMatch(/^wms_sk_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(data.token_prefix)).toBe(true);
    expect(data.status).toBe('active');
    const [row] = await ctx.handle.db.select().from(apiKeys).where(eq(apiKeys.id, data.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    const list = await ctx.as('client', { method: 'GET', url: '/api/api-keys' });
    expect(list.body).not.toContain(secret.slice(12));
    expect(list.json().data.map((k: { id: number }) => k.id)).toContain(data.id);
  });

  it('refuses permissions its creator does not hold, key management, and a client key without an account (422)', async () => {
    const account_id = ctx.world.accounts.clientActive;
    const cases = [
      { body: { name: 'k', permissions: ['delete users'], account_id }, field: 'permissions' },
      { body: { name: 'k', permissions: ['create api keys'], account_id }, field: 'permissions' },
      { body: { name: 'k', permissions: ['view products'] }, field: 'account_id' },
      // Another client's account in the same warehouse, and the other warehouse's: invalid, never "not yours".
      {
        body: { name: 'k', permissions: ['view products'], account_id: ctx.world.accounts.neighbourActive },
        field: 'account_id',
      },
      {
        body: { name: 'k', permissions: ['view products'], account_id: ctx.world.accounts.otherClient },
        field: 'account_id',
      },
      {
        body: { name: 'k', permissions: ['view products'], account_id, expires_at: '2020-01-01T00:00:00Z' },
        field: 'expires_at',
      },
    ];
    for (const { body, field } of cases) {
      const payload = { current_password: WORLD_PASSWORD, ...body };
      const res = await ctx.as('client', { method: 'POST', url: '/api/api-keys', payload });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('asks for the current password: missing or wrong is a 422 on current_password, and no key is made', async () => {
    const before = (await ctx.as('client', { method: 'GET', url: '/api/api-keys' })).json().data.length;
    const body = { name: 'No password', permissions: ['view products'], account_id: ctx.world.accounts.clientActive };
    const cases = [
      { payload: body, message: 'Current password is required' },
      { payload: { ...body, current_password: '' }, message: 'Current password is required' },
      { payload: { ...body, current_password: `${WORLD_PASSWORD}x` }, message: 'Current password is incorrect' },
    ];
    for (const { payload, message } of cases) {
      const res = await ctx.as('client', { method: 'POST', url: '/api/api-keys', payload });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ current_password: [message] });
    }
    const after = (await ctx.as('client', { method: 'GET', url: '/api/api-keys' })).json().data.length;
    expect(after).toBe(before);
  });

  it('lets a manager (no API key permissions by default) neither list nor create keys', async () => {
    expect((await ctx.as('manager', { method: 'GET', url: '/api/api-keys' })).statusCode).toBe(403);
  });
});

describe('a key acts as its creator, limited to its permissions and its account', () => {
  it('a key for one account of a client reads neither their other account nor the neighbour in the same warehouse', async () => {
    const { secret } = await createKey('client', {
      name: 'Active only',
      permissions: ['view products'],
      account_id: ctx.world.accounts.clientActive,
    });
    const seen = await productIdsSeenWith(secret);
    expect(seen).toContain(products.clientActive);
    expect(seen).not.toContain(products.clientInactive);
    expect(seen).not.toContain(products.neighbour);
    expect(seen).not.toContain(products.other);
    expect((await withKey(secret, 'GET', `/api/products/${products.clientActive}`)).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', `/api/products/${products.clientInactive}`)).statusCode).toBe(404);
    expect((await withKey(secret, 'GET', `/api/products/${products.neighbour}`)).statusCode).toBe(404);
    // The creator's own sign-in token still reaches both of their accounts.
    const own = await ctx.as('client', { method: 'GET', url: `/api/products/${products.clientInactive}` });
    expect(own.statusCode).toBe(200);
    // Two clients in one warehouse: the neighbour's key for their account never reaches the client's products.
    const neighbourKey = await createKey('neighbourClient', {
      name: 'Neighbour shop',
      permissions: ['view products'],
      account_id: ctx.world.accounts.neighbourActive,
    });
    expect(await productIdsSeenWith(neighbourKey.secret)).toEqual([products.neighbour]);
    expect((await withKey(neighbourKey.secret, 'GET', `/api/products/${products.clientActive}`)).statusCode).toBe(404);
  });

  it('an administrator’s key limited to an account sees that account only; without an account, everything', async () => {
    const limited = await createKey('admin', {
      name: 'Otto integration',
      permissions: ['view products'],
      account_id: ctx.world.accounts.otherClient,
    });
    expect(await productIdsSeenWith(limited.secret)).toEqual([products.other]);
    const whole = await createKey('admin', { name: 'Staff integration', permissions: ['view products'] });
    expect(await productIdsSeenWith(whole.secret)).toEqual(expect.arrayContaining(Object.values(products)));
  });

  it('refuses what its permissions do not allow (403), though its creator may', async () => {
    const { secret } = await createKey('client', {
      name: 'Read only',
      permissions: ['view products'],
      account_id: ctx.world.accounts.clientActive,
    });
    const create = await withKey(secret, 'POST', '/api/products', {
      sku: 'KEY-1',
      name: 'Made with a key',
      account_id: ctx.world.accounts.clientActive,
    });
    expect(create.statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/api/orders/with-merge-items')).statusCode).toBe(403);
    // GET /user shows what the key may do.
    const me = await withKey(secret, 'GET', '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions ?? me.json().user?.permissions).toEqual(['view products']);
  });

  it('never changes its creator’s profile or password, and never manages keys', async () => {
    const { secret } = await createKey('admin', { name: 'All of it', permissions: ['view users', 'edit users'] });
    const password = await withKey(secret, 'POST', '/api/changePassword', {
      current_password: 'x',
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    expect(password.statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/api/api-keys')).statusCode).toBe(403);
  });

  it('loses a permission its creator’s role loses', async () => {
    const { secret } = await createKey('client', {
      name: 'Warehouses',
      permissions: ['view warehouses'],
      account_id: ctx.world.accounts.clientActive,
    });
    expect((await withKey(secret, 'GET', '/api/warehouses')).statusCode).toBe(200);
    const { db } = ctx.handle;
    const [client] = await db.select().from(roles).where(eq(roles.name, 'client'));
    const [permission] = await db.select().from(permissions).where(eq(permissions.name, 'view warehouses'));
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, client!.id), eq(rolePermissions.permissionId, permission!.id)));
    try {
      expect((await withKey(secret, 'GET', '/api/warehouses')).statusCode).toBe(403);
    } finally {
      await db.insert(rolePermissions).values({ roleId: client!.id, permissionId: permission!.id });
    }
  });
});

describe('revocation, expiry and last use', () => {
  it('a revoked key answers 401 on the next request', async () => {
    const { secret, data } = await createKey('client', {
      name: 'To revoke',
      permissions: ['view products'],
      account_id: ctx.world.accounts.clientActive,
    });
    expect((await withKey(secret, 'GET', '/api/products')).statusCode).toBe(200);
    const revoke = await ctx.as('client', { method: 'DELETE', url: `/api/api-keys/${data.id}` });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.status).toBe('revoked');
    expect((await withKey(secret, 'GET', '/api/products')).statusCode).toBe(401);
    expect((await ctx.as('client', { method: 'DELETE', url: `/api/api-keys/${data.id}` })).statusCode).toBe(409);
  });

  it('an expired key answers 401', async () => {
    const { secret, data } = await createKey('client', {
      name: 'Short lived',
      permissions: ['view products'],
      account_id: ctx.world.accounts.clientActive,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await withKey(secret, 'GET', '/api/products')).statusCode).toBe(200);
    await ctx.handle.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, data.id));
    expect((await withKey(secret, 'GET', '/api/products')).statusCode).toBe(401);
    const listed = await ctx.as('client', { method: 'GET', url: '/api/api-keys' });
    expect(listed.json().data.find((k: { id: number }) => k.id === data.id).status).toBe('expired');
  });

  it('records the last use and address at most once a minute', async () => {
    const { secret, data } = await createKey('client', {
      name: 'Touched',
      permissions: ['view products'],
      account_id: ctx.world.accounts.clientActive,
    });
    const lastUse = async () => (await ctx.handle.db.select().from(apiKeys).where(eq(apiKeys.id, data.id)))[0]!;
    expect((await lastUse()).lastUsedAt).toBeNull();
    await withKey(secret, 'GET', '/api/products');
    const first = await lastUse();
    expect(first.lastUsedAt).not.toBeNull();
    expect(first.lastUsedIp).toBe('127.0.0.1');
    // Within the minute: no write.
    const recent = new Date(Date.now() - 30_000);
    await ctx.handle.db.update(apiKeys).set({ lastUsedAt: recent }).where(eq(apiKeys.id, data.id));
    await withKey(secret, 'GET', '/api/products');
    expect((await lastUse()).lastUsedAt).toEqual(recent);
    // Past it: recorded again.
    const old = new Date(Date.now() - 120_000);
    await ctx.handle.db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, data.id));
    await withKey(secret, 'GET', '/api/products');
    expect((await lastUse()).lastUsedAt!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });
});

describe('who sees and revokes which keys', () => {
  it('a client lists and revokes only their own keys; an administrator every key', async () => {
    const neighbours = await createKey('neighbourClient', {
      name: 'Neighbour only',
      permissions: ['view products'],
      account_id: ctx.world.accounts.neighbourActive,
    });
    const clientList = await ctx.as('client', { method: 'GET', url: '/api/api-keys' });
    expect(clientList.json().data.map((k: { id: number }) => k.id)).not.toContain(neighbours.data.id);
    const refused = await ctx.as('client', { method: 'DELETE', url: `/api/api-keys/${neighbours.data.id}` });
    expect(refused.statusCode).toBe(404);
    expect((await withKey(neighbours.secret, 'GET', '/api/products')).statusCode).toBe(200);
    const adminList = await ctx.as('admin', { method: 'GET', url: '/api/api-keys' });
    expect(adminList.json().data.map((k: { id: number }) => k.id)).toContain(neighbours.data.id);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/api-keys/${neighbours.data.id}` })).statusCode).toBe(
      200,
    );
    expect((await withKey(neighbours.secret, 'GET', '/api/products')).statusCode).toBe(401);
  });
});

describe('rate limit per key', () => {
  it('answers 429 past API_KEY_RATE_LIMIT requests a minute, per key', async () => {
    const limited = await createTestContext({ API_KEY_RATE_LIMIT: '3' });
    try {
      const create = async () => {
        const res = await limited.as('client', {
          method: 'POST',
          url: '/api/api-keys',
          payload: {
            name: 'Busy',
            permissions: ['view products'],
            account_id: limited.world.accounts.clientActive,
            current_password: WORLD_PASSWORD,
          },
        });
        return res.json().secret as string;
      };
      const [busy, quiet] = [await create(), await create()];
      const call = (secret: string) =>
        limited.app.inject({ method: 'GET', url: '/api/products', headers: { authorization: `Bearer ${secret}` } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(busy)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await call(busy);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await call(quiet)).statusCode).toBe(200);
      // Sign-in tokens are not counted against any key.
      expect((await limited.as('client', { method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
