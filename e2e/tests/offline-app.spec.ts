import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { desktopChromium } from '../fixtures/browsers';
import { DEMO_USERS } from '../fixtures/demo';
import { apiLogin, storeSession } from '../fixtures/session';

/**
 * The installable app: the manifest is valid and Chromium finds nothing that stops an install; the service worker
 * registers and controls the page; once the app was opened online, a later visit with the network off opens the
 * floor screens from the worker's cache; a start on a newer build says so once.
 *
 * A context of its own per test with service workers allowed (the other specs block them: playwright.config.ts).
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

/** Waits until the service worker is active, has precached the app and controls this page. */
async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The number of files in the worker's precache. */
const precachedFiles = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const precache = names.find((name) => name.includes('precache'));
    return precache ? (await (await caches.open(precache)).keys()).length : 0;
  });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the app installs: a valid manifest, its icons, a service worker that precached the app and controls the page', async ({
  page,
  request,
}) => {
  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({ short_name: 'WMS', start_url: '/', scope: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await untilControlled(page);
  expect(await precachedFiles(page)).toBeGreaterThan(100);
});

test('Chromium finds no reason the app could not be installed', async ({ baseURL }) => {
  // Playwright's contexts are incognito, where Chromium installs nothing ("in-incognito"): a profile on disk instead.
  const profile = mkdtempSync(join(tmpdir(), 'wms-install-'));
  // Installing is the desktop browser's: its verdict, not the headless shell's.
  const browser = await chromium.launchPersistentContext(profile, {
    ...desktopChromium,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/login');
    await untilControlled(page);
    // Chromium's own verdict on the manifest, its icons, the worker and the origin.
    const cdp = await browser.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a second visit with the network off opens the floor screens', async ({ page, context, request }) => {
  const { token, user } = await apiLogin(request, DEMO_USERS.admin);
  await storeSession(page, { token, user });
  await page.goto('/dashboard');
  await untilControlled(page);

  await context.setOffline(true);
  const floorScreens: [string, string][] = [
    ['/picking', 'Pick'],
    ['/moves/scan', 'Move Stock'],
    ['/cycle-counts', 'Cycle Counts'],
    ['/replenishment/tasks', 'Replenish'],
    ['/packing', 'Pack'],
  ];
  for (const [path, title] of floorScreens) {
    const visit = await context.newPage();
    await visit.setViewportSize({ width: 390, height: 844 });
    await visit.goto(path);
    await expect(visit.getByRole('heading', { level: 1 }), path).toHaveText(title);
    await visit.close();
  }
  // Not from a browser cache: the network is really off for a page of the app that was never opened.
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'no network',
      ),
    ),
  ).toBe('no network');
});

test('a start on a new build says once that the app was updated', async ({ page, request }) => {
  const { token, user } = await apiLogin(request, DEMO_USERS.admin);
  await storeSession(page, { token, user });
  await page.evaluate(() => localStorage.setItem('wms.app-build', 'an older build'));
  await page.goto('/dashboard');
  await expect(page.getByText('WMS was updated to a new version since you last used it.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome back/, level: 1 })).toBeVisible();
  await expect(page.getByText('WMS was updated to a new version since you last used it.')).toHaveCount(0);
});
