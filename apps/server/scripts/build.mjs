// Compiles the server for production (`npm start`): one ES-module bundle of our TypeScript and @wms/contract at
// dist/main.js (+ source map, for `node --enable-source-maps`), and the SQL migrations copied to dist/migrations,
// where src/db/migrate.ts finds them beside the bundle. tsx stays for development, tests and scripts.
// Plain JavaScript on purpose: it must run on a bare `node`, before anything is compiled.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${serverDir}dist`;
const manifest = JSON.parse(readFileSync(`${serverDir}package.json`, 'utf8'));

/**
 * Bundle entries, written to dist/<name>.js. Modules that run on their own, such as a worker thread's entry, are
 * added here and located at run time with `entryModuleUrl(name, sourceUrl)` (src/runtime/entry-module-url.ts).
 */
const ENTRY_POINTS = {
  main: 'src/main.ts',
};

// Our packages (@wms/*) are bundled from source; every other dependency stays in node_modules, loaded by Node as
// usual: native binaries (argon2), WASM and data files found beside their own module (PGlite), swagger-ui's assets.
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@wms/'));

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
cpSync(`${serverDir}src/db/migrations`, `${outdir}/migrations`, { recursive: true });
console.log(`Server compiled to dist/ in ${Math.round(performance.now() - started)} ms`);
