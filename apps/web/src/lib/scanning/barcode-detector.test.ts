import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

describe('camera barcode reader', () => {
  it('serves the .wasm of the very zxing-wasm version the polyfill runs (both pinned, kept in lockstep)', () => {
    const require = createRequire(import.meta.url);
    const wasm = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const pkg = JSON.parse(readFileSync(wasm.replace(/dist\/reader\/zxing_reader\.wasm$/, 'package.json'), 'utf8'));
    expect(pkg.version).toBe(ZXING_WASM_VERSION);
  });
});
