// Compiles the server for production (`npm start`): one ES-module bundle of our TypeScript and @wms/contract at
// dist/main.js (+ source map, for `node --enable-source-maps`), and the SQL migrations copied to dist/migrations,
// where src/db/migrate.ts finds them beside the bundle. tsx stays for development, tests and scripts.
// Plain JavaScript on purpose: it must run on a bare `node`, before anything is compiled.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// `--outdir DIR` for tests; dist/ otherwise.
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? resolve(process.argv[outdirFlag + 1]) : `${serverDir}dist`;
const manifest = JSON.parse(readFileSync(`${serverDir}package.json`, 'utf8'));

/** Bundle entries, written to dist/<name>.js. */
const ENTRY_POINTS = {
  main: 'src/main.ts',
};

/**
 * Plain-JavaScript modules that run on their own (worker threads), copied as they are beside main.js. The code
 * that starts one names it `new URL('./<file>', import.meta.url)`: beside its caller in src/, beside the bundle in
 * dist/. The build fails when the bundle names such a file that dist/ lacks.
 */
const STANDALONE_MODULES = ['src/spreadsheets/sheet-worker.mjs'];

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
for (const module of STANDALONE_MODULES) cpSync(`${serverDir}${module}`, `${outdir}/${basename(module)}`);

const bundle = readFileSync(`${outdir}/main.js`, 'utf8');
for (const [, file] of bundle.matchAll(/new URL\(\s*["'](\.\/[^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)) {
  if (!existsSync(`${outdir}/${file}`)) {
    throw new Error(
      `The bundle loads ${file} beside itself, but dist/ has no such file: add it to STANDALONE_MODULES.`,
    );
  }
}
console.log(`Server compiled to ${outdir} in ${Math.round(performance.now() - started)} ms`);
