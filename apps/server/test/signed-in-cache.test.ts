import type { User } from '@wms/contract/entities';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { SignedInCache } from '../src/auth/signed-in-cache';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * A bearer token's user is reused for AUTH_CACHE_SECONDS per process. The bound this file proves: a token
 * revoked or a user deleted through one node is refused by that node at once and by every other node within
 * AUTH_CACHE_SECONDS (5 by default). "Another node" is a second app on the same database with its own clock.
 */
describe('SignedInCache', () => {
  const user = { id: 1, name: 'A' } as User;
  const later = new Date(Date.UTC(2100, 0, 1));

  it('keeps an entry until the TTL, and never past the token’s absolute expiry', () => {
    let now = 0;
    const cache = new SignedInCache(5_000, 10, () => now);
    cache.set('a', { tokenId: 1, user }, later, cache.generation);
    cache.set('b', { tokenId: 2, user }, new Date(2_000), cache.generation);
    now = 1_999;
    expect(cache.get('a')?.tokenId).toBe(1);
    expect(cache.get('b')?.tokenId).toBe(2);
    now = 2_000;
    expect(cache.get('b')).toBeUndefined();
    now = 4_999;
    expect(cache.get('a')?.tokenId).toBe(1);
    now = 5_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything on invalidate, and does not store a lookup that began before it', () => {
    const cache = new SignedInCache(5_000, 10, () => 0);
    cache.set('a', { tokenId: 1, user }, later, cache.generation);
    const before = cache.generation;
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', { tokenId: 2, user }, later, before);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries (oldest dropped), and keeps nothing with a TTL of 0', () => {
    const cache = new SignedInCache(5_000, 2, () => 0);
    for (const key of ['a', 'b', 'c']) cache.set(key, { tokenId: 1, user }, later, cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    const off = new SignedInCache(0, 10, () => 0);
    off.set('a', { tokenId: 1, user }, later, off.generation);
    expect(off.get('a')).toBeUndefined();
  });
});

describe('sign-ins across two nodes (AUTH_CACHE_SECONDS=5)', () => {
  let ctx: TestContext;
  /** Node B: the same database, its own process memory and clock. Node A is ctx.app. */
  let nodeB: FastifyInstance;
  let clockB = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_CACHE_SECONDS: '5' });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_CACHE_SECONDS: '5',
      WEBHOOK_DISPATCHER: 'off',
      DASHBOARD_CACHE_SECONDS: '0',
    });
    nodeB = await buildApp({ db: ctx.handle.db, config, logger: false, authCacheClock: () => clockB });
    await nodeB.ready();
  });
  afterAll(async () => {
    await nodeB.close();
    await ctx.close();
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

  /** A new user with a token of their own (signed in with the initial password). */
  async function newUser(email: string): Promise<{ id: number; token: string }> {
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Cached Person', email, role: 'manager', warehouse_ids: [] },
    });
    expect(created.statusCode).toBe(201);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: created.json().initial_password },
    });
    expect(login.statusCode).toBe(200);
    return { id: created.json().user.id, token: login.json().token };
  }

  it('a token signed out through node A is refused by A at once and by B within AUTH_CACHE_SECONDS', async () => {
    const { token } = await newUser('signed-out@test.example.com');
    clockB = 100_000;
    expect((await me(nodeB, token)).statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(401);
    // B answered from its memory a moment ago: that is the bound, not a leak beyond it.
    clockB += 4_999;
    expect((await me(nodeB, token)).statusCode).toBe(200);
    clockB += 1;
    expect((await me(nodeB, token)).statusCode).toBe(401);
  });

  it('a user deleted through node A is refused by A at once (its own write) and by B within the bound', async () => {
    const { id, token } = await newUser('deleted@test.example.com');
    clockB = 200_000;
    expect((await me(nodeB, token)).statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    const deleted = await ctx.as('admin', { method: 'DELETE', url: `/api/users/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(401);
    clockB += 5_000;
    expect((await me(nodeB, token)).statusCode).toBe(401);
  });

  it('a write through node B empties B’s memory: the next request is checked against the database', async () => {
    const { token } = await newUser('write-on-b@test.example.com');
    clockB = 300_000;
    expect((await me(nodeB, token)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    // Any write answered by B (here an anonymous failed sign-in) and B forgets every cached sign-in.
    await nodeB.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@test.example.com', password: 'x' } });
    expect((await me(nodeB, token)).statusCode).toBe(401);
  });
});
