import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './support/test-app';
import { WORLD_PASSWORD } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('platform conventions', () => {
  it('reports health after checking the database', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('publishes an OpenAPI 3 document listing the routes', async () => {
    const doc = (await ctx.as(null, { method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/accounts', '/api/warehouses']));
    const docs = await ctx.as(null, { method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    // helmet's whole default set, computed once at start (http/security-headers.ts), on every answer.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
  });

  it('sends HSTS and upgrade-insecure-requests only when the request came over https', async () => {
    const plain = await ctx.as(null, { method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // X-Forwarded-Proto counts only from a configured proxy (TRUST_PROXY, off by default).
    const forwarded = { method: 'GET' as const, url: '/api/health', headers: { 'x-forwarded-proto': 'https' } };
    const spoofed = await ctx.as(null, forwarded);
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    // Behind a TLS-terminating proxy: X-Forwarded-Proto names the client's protocol.
    const behindProxy = await createTestContext({ TRUST_PROXY: '1' });
    try {
      const secure = await behindProxy.as(null, forwarded);
      expect(secure.headers['strict-transport-security']).toContain('max-age=');
      expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await behindProxy.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('rejects oversized and malformed bodies with a message', async () => {
    const big = await ctx.as(null, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBeTruthy();
    const broken = await ctx.as(null, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTruthy();
  });
});

describe('app construction', () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

  it('refuses to start with an /api route that declares no permission', async () => {
    const app = await buildApp({ db: ctx.handle.db, config, logger: false });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no permission/);
    await app.close();
  });

  it('answers 500 without internals when a handler fails', async () => {
    const app = await buildApp({ db: ctx.handle.db, config, logger: false });
    app.get('/api/boom', { config: { permission: 'public' } }, async () => {
      throw new Error('secret internal detail at /srv/db');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error' });
    await app.close();
  });

  it('keeps passwords and tokens out of the request logs', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs += chunk.toString();
        done();
      },
    });
    const app = await buildApp({ db: ctx.handle.db, config: { ...config, LOG_LEVEL: 'trace' }, logger: { stream } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@test.example.com', password: WORLD_PASSWORD },
    });
    const { token } = login.json();
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    await app.close();
    expect(logs).toContain('/api/login');
    expect(logs).not.toContain(WORLD_PASSWORD);
    expect(logs).not.toContain(token);
  });

  it('serves the web app with a fallback to index.html for client routes', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'wms-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>WMS</title>');
    await mkdir(join(dist, 'build'));
    await writeFile(join(dist, 'build', 'app-1a2b3c.js'), 'console.log(1)');
    const app = await buildApp({ db: ctx.handle.db, config: { ...config, WEB_DIST_DIR: dist }, logger: false });
    const page = await app.inject({ method: 'GET', url: '/orders/42', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>WMS</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    // HEAD / (uptime checks, proxies) answers 200 like GET, for the root and client routes alike.
    for (const url of ['/', '/orders/42']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
    }
    const bundle = await app.inject({ method: 'GET', url: '/build/app-1a2b3c.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/no-such-route/42' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
    await app.close();
  });
});
