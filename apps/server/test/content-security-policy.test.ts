import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './support/test-app';

/** No `'unsafe-inline'` in script-src, on the web app, the API and the API docs. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const directive = (policy: unknown, name: string): string[] => {
  const found = String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  if (!found) throw new Error(`no ${name} in ${String(policy)}`);
  return found.slice(1);
};

describe('content security policy', () => {
  it('allows scripts from the app itself only, on the web app, an API route and the API docs', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'wms-csp-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>WMS</title><script type="module" src="/a.js">');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist });
    const app = await buildApp({ db: ctx.handle.db, config, logger: false });
    try {
      const answers = await Promise.all(
        ['/', '/api/health', '/api/docs', '/api/docs/'].map((url) =>
          app.inject({ method: 'GET', url, headers: { accept: 'text/html' } }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body.slice(0, 100)).toBeLessThan(400);
        // WebAssembly (the camera's barcode reader) may compile; no inline script, no JavaScript eval.
        expect(directive(answer.headers['content-security-policy'], 'script-src')).toEqual([
          "'self'",
          "'wasm-unsafe-eval'",
        ]);
      }
    } finally {
      await app.close();
    }
  });

  it('serves the API docs page with its scripts as files, so it runs under that policy', async () => {
    const page = await ctx.as(null, { method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src=');
    // Every <script> of the page has a src: nothing inline for the policy to block.
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
    expect(inline).toEqual([]);
  });
});
