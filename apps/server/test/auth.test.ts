import { VALIDATION } from '@wms/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/db/schema/tokens';
import { users } from '../src/db/schema/users';
import { createTestContext, type TestContext } from './support/test-app';
import { WORLD_PASSWORD } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) => ctx.as(null, { method: 'POST', url, payload });

describe('POST /api/login', () => {
  it('answers the user with role, permissions and warehouses, and a working token', async () => {
    const res = await post('/api/login', { email: 'MANAGER@test.example.com', password: WORLD_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(user).toMatchObject({ email: 'manager@test.example.com', role: 'manager', roles: [{ name: 'manager' }] });
    expect(user.warehouse_ids).toEqual([ctx.world.warehouses.alpha]);
    expect(user.permissions).toContain('view orders');
    expect(user.permissions).not.toContain('delete orders');
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url

    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it.each([
    [{}, { email: [VALIDATION.emailRequired], password: [VALIDATION.passwordRequired] }],
    [
      { email: '', password: '' },
      { email: [VALIDATION.emailRequired], password: [VALIDATION.passwordRequired] },
    ],
    [{ email: 'not-an-email', password: 'x' }, { email: [VALIDATION.emailInvalid] }],
    [{ email: 'a@b.c0m', password: 'x' }, { email: [VALIDATION.emailInvalid] }],
  ])('rejects %j with the spec messages', async (payload, errors) => {
    const res = await post('/api/login', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('gives one generic message for a wrong password and for an unknown email', async () => {
    const wrong = await post('/api/login', { email: 'admin@test.example.com', password: 'wrong-password' });
    const unknown = await post('/api/login', { email: 'nobody@test.example.com', password: 'wrong-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: VALIDATION.invalidCredentials,
        errors: { email: [VALIDATION.invalidCredentials] },
      });
    }
  });

  it('stores tokens only as hashes', async () => {
    const res = await post('/api/login', { email: 'admin@test.example.com', password: WORLD_PASSWORD });
    const { token } = res.json();
    const rows = await ctx.handle.db.select().from(apiTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });
});

describe('POST /api/register', () => {
  const valid = () => ({
    name: 'Nina New',
    email: `nina.${Math.random().toString(36).slice(2, 8)}@shop.com`,
    password: 'longenough',
    password_confirmation: 'longenough',
    warehouse_ids: [ctx.world.warehouses.alpha, ctx.world.warehouses.beta],
  });

  it('creates a client linked to the chosen warehouses and signs them in', async () => {
    const payload = valid();
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json();
    expect(user).toMatchObject({ name: 'Nina New', email: payload.email, role: 'client' });
    expect(user.warehouse_ids).toEqual([ctx.world.warehouses.alpha, ctx.world.warehouses.beta]);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.email).toBe(payload.email);
    const login = await post('/api/login', { email: payload.email, password: 'longenough' });
    expect(login.statusCode).toBe(200);
  });

  it.each(['nina@gallery.museum', 'nina@shop.info'])('accepts a real-world top-level domain: %s', async (email) => {
    const res = await post('/api/register', { ...valid(), email });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['name', { name: '' }, VALIDATION.nameRequired],
    ['name', { name: '   ' }, VALIDATION.nameRequired],
    ['email', { email: '' }, VALIDATION.emailRequired],
    ['email', { email: 'nope@' }, VALIDATION.emailInvalid],
    ['password', { password: '', password_confirmation: '' }, VALIDATION.passwordRequired],
    ['password', { password: 'short', password_confirmation: 'short' }, VALIDATION.passwordMin],
    ['password_confirmation', { password_confirmation: '' }, VALIDATION.passwordConfirmationRequired],
    ['password_confirmation', { password_confirmation: 'different1' }, VALIDATION.passwordsDoNotMatch],
    ['warehouse_ids', { warehouse_ids: [] }, VALIDATION.warehousesRequired],
    ['warehouse_ids', { warehouse_ids: undefined }, VALIDATION.warehousesRequired],
  ])('rejects a bad %s (%j)', async (field, change, message) => {
    const res = await post('/api/register', { ...valid(), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses an email already taken, whatever its case', async () => {
    const res = await post('/api/register', { ...valid(), email: 'CLIENT@test.example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [VALIDATION.emailTaken] });
  });

  it('refuses inactive or unknown warehouses', async () => {
    for (const ids of [[ctx.world.warehouses.gamma], [999_999]]) {
      const res = await post('/api/register', { ...valid(), warehouse_ids: ids });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.warehouse_ids).toBeDefined();
    }
  });
});

describe('tokens', () => {
  const loginAs = async (email: string) =>
    (await post('/api/login', { email, password: WORLD_PASSWORD })).json().token as string;
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

  it('answers 401 without a token, with a malformed header, or with an unknown token', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer not-a-real-token']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('logout revokes only the token used', async () => {
    const first = await loginAs('admin@test.example.com');
    const second = await loginAs('admin@test.example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('expires a token past its absolute lifetime', async () => {
    const token = await loginAs('admin@test.example.com');
    await ctx.handle.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expires a token left idle too long, and keeps a used one alive', async () => {
    const token = await loginAs('admin@test.example.com');
    const longAgo = new Date(Date.now() - 3 * 3_600_000); // default idle limit is 2 hours
    const [row] = await ctx.handle.db.select().from(apiTokens).orderBy(apiTokens.id).limit(1).offset(0);
    void row;
    await ctx.handle.db
      .update(apiTokens)
      .set({ lastUsedAt: longAgo })
      .where(eq(apiTokens.userId, ctx.world.users.admin.id));
    expect((await me(token)).statusCode).toBe(401);

    const fresh = await loginAs('admin@test.example.com');
    const aWhileAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.handle.db
      .update(apiTokens)
      .set({ lastUsedAt: aWhileAgo })
      .where(eq(apiTokens.userId, ctx.world.users.admin.id));
    expect((await me(fresh)).statusCode).toBe(200);
    const touched = await ctx.handle.db.select().from(apiTokens).where(eq(apiTokens.userId, ctx.world.users.admin.id));
    expect(touched.some((t) => t.lastUsedAt.getTime() > aWhileAgo.getTime())).toBe(true);
  });
});

describe('rate limits', () => {
  it('answers 429 after too many sign-in attempts for one email from one address', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        limited.as(null, {
          method: 'POST',
          url: '/api/login',
          payload: { email: 'admin@test.example.com', password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(422);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/too many/i);
      // Another email from the same address still gets through (up to the per-address limit).
      const other = await limited.as(null, {
        method: 'POST',
        url: '/api/login',
        payload: { email: 'client@test.example.com', password: WORLD_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ins per address across emails (5× the per-email limit), whatever the emails', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = (i: number, remoteAddress = '203.0.113.7') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          payload: { email: `sprayed-${i}@example.com`, password: 'wrong-password' },
        });
      for (let i = 0; i < 15; i++) expect((await attempt(i)).statusCode).toBe(422);
      const blocked = await attempt(15);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/too many/i);
      expect((await attempt(16, '203.0.113.8')).statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per address (the per-email limit), each with a new email', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const register = (i: number, remoteAddress = '203.0.113.9') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress,
          payload: {
            name: `Registrant ${i}`,
            email: `registrant-${i}@example.com`,
            password: 'longenough',
            password_confirmation: 'longenough',
            warehouse_ids: [limited.world.warehouses.alpha],
          },
        });
      for (let i = 0; i < 3; i++) expect((await register(i)).statusCode).toBe(201);
      const blocked = await register(3);
      expect(blocked.statusCode).toBe(429);
      const [created] = await limited.handle.db.select().from(users).where(eq(users.email, 'registrant-3@example.com'));
      expect(created).toBeUndefined();
      expect((await register(4, '203.0.113.10')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('limits registration attempts too', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '2' });
    try {
      const attempt = () =>
        limited.as(null, {
          method: 'POST',
          url: '/api/register',
          payload: {
            name: 'X',
            email: 'client@test.example.com',
            password: 'longenough',
            password_confirmation: 'longenough',
            warehouse_ids: [1],
          },
        });
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
