import { expect, test } from '@playwright/test';

/**
 * The first load of the sign-in page transfers at most 175 KB of JavaScript, compressed as the browser
 * receives it (brotli from the build's precompressed copies). Everything the page loads before it settles counts:
 * the entry, its preloaded chunks and the lazily loaded sign-in route. Its schema library loads on first typing,
 * so it is not part of the first load.
 */
const LOGIN_FIRST_LOAD_JS_BUDGET = 175 * 1000;

test('the sign-in page first loads at most 175 KB of JavaScript', async ({ page }) => {
  const scripts: { url: string; encoding: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    const sizes = await request.sizes();
    scripts.push({
      url: request.url(),
      encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
      bytes: sizes.responseBodySize,
    });
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  const listing = scripts.map((s) => `${s.bytes} ${s.encoding} ${new URL(s.url).pathname}`).join('\n');
  expect(scripts.length, listing).toBeGreaterThan(0);
  expect(
    scripts.every((s) => s.encoding === 'br'),
    listing,
  ).toBe(true);
  expect(total, `${total} bytes of JavaScript:\n${listing}`).toBeLessThanOrEqual(LOGIN_FIRST_LOAD_JS_BUDGET);
});
