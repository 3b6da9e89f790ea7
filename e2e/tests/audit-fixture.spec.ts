import { expect, test } from '@playwright/test';
import { refusedAxeViolations } from '../fixtures/audit';

/**
 * The audit that every screen passes must still be able to fail: a page with a nameless button, low-contrast text, a
 * skipped heading level and no main landmark is reported on each count (the runner's mode and result filter
 * changed once for speed; this keeps a silent "no violations" from passing every screen).
 */
test('the axe audit reports serious, critical and the refused moderate violations', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Probe</title></head><body>
    <h1>Probe</h1><h4>Skipped levels</h4>
    <button></button>
    <p style="color:#ddd;background:#fff">Barely readable</p>
  </body></html>`);
  const report = (await refusedAxeViolations(page)).join('\n');
  expect(report).toContain('button-name (critical)');
  expect(report).toContain('color-contrast (serious)');
  expect(report).toContain('heading-order');
  expect(report).toContain('landmark-one-main');
});

test('a clean page has nothing to report', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Probe</title></head><body>
    <main><h1>Probe</h1><button type="button">Save</button><p>Readable text</p></main>
  </body></html>`);
  expect(await refusedAxeViolations(page)).toEqual([]);
});
