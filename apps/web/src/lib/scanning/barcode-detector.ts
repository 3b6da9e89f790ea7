// Loaded only when someone opens the camera scanner (a dynamic import from ScanCameraDialog): the ZXing WebAssembly
// reader (~1 MB, served by the app itself, never from a CDN, so scanning works offline and under the CSP) stays out
// of every other page's download.
import { BarcodeDetector, type BarcodeFormat, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Product codes (UPC/EAN/GTIN), the Code 128/39 and ITF of labels and cartons, and the 2D codes phones print. */
export const SCAN_FORMATS: BarcodeFormat[] = [
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_128',
  'code_39',
  'itf',
  'qr_code',
  'data_matrix',
];

export interface FrameDetector {
  /** The first code read in this frame, or null. */
  detect(source: HTMLVideoElement): Promise<string | null>;
}

let prepared = false;

/**
 * A detector for video frames: the browser's own BarcodeDetector where it has one (Chrome on Android), else the
 * `barcode-detector` polyfill (ZXing compiled to WebAssembly), whose .wasm file is bundled with the app.
 */
export async function createFrameDetector(): Promise<FrameDetector> {
  const native = (globalThis as { BarcodeDetector?: typeof BarcodeDetector }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as BarcodeFormat[]);
    const formats = SCAN_FORMATS.filter((f) => supported.includes(f));
    if (formats.length > 0) return wrap(new native({ formats }));
  }
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
      },
      fireImmediately: false,
    });
    prepared = true;
  }
  return wrap(new BarcodeDetector({ formats: SCAN_FORMATS }));
}

const wrap = (detector: BarcodeDetector): FrameDetector => ({
  async detect(source) {
    const [first] = await detector.detect(source);
    return first?.rawValue?.trim() || null;
  },
});
