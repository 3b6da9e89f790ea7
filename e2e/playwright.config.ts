import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './fixtures/browsers';

/**
 * Runs the built web app (apps/web/dist, built beforehand: `npm run build -w @wms/web`) served by the real
 * server on a fresh embedded database, which loads the demo data on its first start.
 *
 * With E2E_WORKERS=N (the test command uses 2), N servers start on ports E2E_PORT … E2E_PORT+N−1, each on its own
 * database, and worker slot i talks only to server i: spec files are handed to whichever worker is free, so the
 * long files balance themselves, and no spec sees another worker's writes. The config is also loaded by each
 * worker, where Playwright sets TEST_PARALLEL_INDEX (stable across a worker's restarts) before loading it.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const baseURL = `http://127.0.0.1:${basePort + slot}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const ports = Array.from({ length: workers }, (_, index) => basePort + index);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  // On CI two workers, each a browser and a server, share 2 cores: at peak a cold route's ~100 chunks took more than
  // 7 s to parse and render there (a CI run saw pages still "Loading…" at the deadline, on the retry as well), so CI
  // waits longer. Locally the tighter limits keep a slow screen visible as a failure.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL,
    // A trace records a screencast (every frame JPEG-encoded by the browser) and a DOM snapshot per action: on CI,
    // where each test runs once and a failure is retried, only the retry records one — the audit spec took 27 % less
    // wall time (183 → 133 s; the browser's compositor 50 → 7 s of CPU). A test that fails twice keeps its trace;
    // a local run keeps a failing test's trace from its first attempt.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 800 },
    // The built app installs a service worker that precaches all its code (~1 MB) on a first visit: every spec's
    // fresh context would download it again. Only the specs about the installable app allow it.
    serviceWorkers: 'block',
    // Debian's Chromium, mostly its headless shell (fixtures/browsers.ts).
    launchOptions: chromiumLaunchOptions,
  },
  webServer: ports.map((port) => {
    const dataDir = join(tmpdir(), `wms-e2e-${port}`);
    return {
      // A fresh database per run (removed by the command, which only runs when a server is started; the config
      // itself is also loaded by workers): the specs rely on the demo data as seeded.
      command: `rm -rf '${dataDir}' && exec node --import tsx apps/server/src/main.ts`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Every spec signs in through /api/login; the production limit would throttle the suite.
        LOGIN_RATE_LIMIT_MAX: '1000',
        // The webhooks spec delivers to a receiver it starts on 127.0.0.1 (local development mode).
        WEBHOOK_ALLOW_LOCAL_URLS: 'true',
      },
    };
  }),
});
