import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderWithBarcode } from '../fixtures/barcodes';
import { desktopChromium } from '../fixtures/browsers';
import { DEMO_USERS } from '../fixtures/demo';
import { ean13, writeBarcodeVideo } from '../fixtures/fakeCamera';
import { expect as baseExpect, test } from '../fixtures/session';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

// A product barcode unique to this run, shown to Chromium's fake camera (written before the browser starts).
const BARCODE = ean13(`21${Date.now().toString().slice(-10)}`);
const VIDEO = writeBarcodeVideo(join(tmpdir(), `wms-e2e-barcode-${process.pid}.y4m`), BARCODE);

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  // The desktop browser: its fake camera plays the video to the page.
  launchOptions: {
    ...desktopChromium,
    args: [
      ...desktopChromium.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test('phone camera: the scanner reads a product barcode with the bundled reader (no network) and verifies the unit', async ({
  page,
  request,
  signInAs,
  baseURL,
}) => {
  const { order, sku } = await orderWithBarcode(request, { barcode: BARCODE, quantity: 1 });
  // Everything the reader needs comes from the app itself: any request elsewhere (a CDN) would fail this test.
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const wasm: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    if (url.endsWith('.wasm')) wasm.push(new URL(url).pathname);
  });
  await signInAs(DEMO_USERS.manager);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Scan to Verify' }).click();
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan SKU or barcode' })).toBeVisible();

  const feedback = page.getByTestId('scan-feedback');
  await expect(feedback).toHaveText(`${sku}: 1 of 1 verified. Every item of this order is verified.`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Scan SKU or barcode' })).toBeFocused();
  expect(foreign).toEqual([]);
  // Linux Chromium has no native BarcodeDetector: the polyfill's reader, served from the app's own build.
  expect(wasm).toEqual([expect.stringMatching(/^\/build\/zxing_reader-[\w-]+\.wasm$/)]);
});
