import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './support/test-app';

const PRECOMPRESS = fileURLToPath(new URL('../../web/scripts/precompress.mjs', import.meta.url));
const bundleSource = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
const pageSource = `<!doctype html><title>WMS</title>${'<div class="x">padding</div>'.repeat(60)}`;

let ctx: TestContext;
let web: FastifyInstance;
let builtFiles: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  // A built web app as `vite build` leaves it, then the build's precompress step.
  const dist = await mkdtemp(join(tmpdir(), 'wms-web-'));
  await mkdir(join(dist, 'build'));
  await writeFile(join(dist, 'index.html'), pageSource);
  await writeFile(join(dist, 'build', 'app-1a2b3c.js'), bundleSource);
  await writeFile(join(dist, 'build', 'tiny-9f8e7d.js'), 'x');
  await promisify(execFile)(process.execPath, [PRECOMPRESS, dist]);
  builtFiles = (await readdir(dist, { recursive: true })).sort();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist });
  web = await buildApp({ db: ctx.handle.db, config, logger: false });
});
afterAll(async () => {
  await web.close();
  await ctx.close();
});

const get = (url: string, acceptEncoding?: string) =>
  web.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed delivery of the web app', () => {
  it('the build writes brotli and gzip copies of the files they make smaller', () => {
    expect(builtFiles).toEqual(
      expect.arrayContaining(['build/app-1a2b3c.js.br', 'build/app-1a2b3c.js.gz', 'index.html.br', 'index.html.gz']),
    );
    expect(builtFiles).not.toContain('build/tiny-9f8e7d.js.br');
  });

  it('sends the best encoding the browser accepts, varying on Accept-Encoding, hashed files still immutable', async () => {
    const br = await get('/build/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundleSource);

    const gzip = await get('/build/app-1a2b3c.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundleSource);

    const plain = await get('/build/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(bundleSource);
  });

  it('compresses index.html, also as the fallback of client routes, and never caches it', async () => {
    for (const url of ['/', '/orders/42']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(pageSource);
    }
  });
});

describe('compressed API answers', () => {
  it('compresses JSON above 1 KB for clients that accept it, and leaves small answers alone', async () => {
    const plain = await ctx.as('admin', { method: 'GET', url: '/api/roles' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await ctx.as('admin', { method: 'GET', url: '/api/roles', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const decoded = brotliDecompressSync(br.rawPayload);
    expect(decoded.length).toBeGreaterThan(br.rawPayload.length);
    expect(JSON.parse(decoded.toString())).toEqual(plain.json());

    const gzip = await ctx.as('admin', { method: 'GET', url: '/api/roles', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // Answers are compressed in one synchronous call (not a zlib stream), so their compressed length is known.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const small = await ctx.as(null, { method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
