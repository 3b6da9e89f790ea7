// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every JS, CSS, HTML, SVG and WASM file of the
// build, so the server sends the smallest one the browser accepts without compressing on every request
// (@fastify/static `preCompressed`). A copy that would not be smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|wasm)$/;
const distDir = process.argv[2] ?? 'dist';

let original = 0;
let brotli = 0;
for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  original += bytes.length;
  brotli += Math.min(br.length, bytes.length);
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`Precompressed ${distDir}: ${kb(original)} of JS/CSS/HTML/SVG, ${kb(brotli)} with brotli`);
