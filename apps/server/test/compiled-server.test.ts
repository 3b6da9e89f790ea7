import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { isRealPostgres } from './support/test-database';

const BUILD = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
const workDir = await mkdtemp(join(tmpdir(), 'wms-compiled-'));
// Inside the package, as dist/ is: the bundle finds the packages it leaves external in node_modules above it.
const outdir = fileURLToPath(new URL(`../.tmp/compiled-${process.pid}`, import.meta.url));
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true, maxRetries: 5 });
  await rm(outdir, { recursive: true, force: true });
});

/** Starts the bundle on a fresh embedded database and resolves with the address it listens on. */
function startCompiled(outdir: string) {
  const { DATABASE_URL: _postgres, NODE_OPTIONS: _options, ...env } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', join(outdir, 'main.js')], {
    env: { ...env, DATA_DIR: join(workDir, 'data'), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const address = new Promise<string>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at (http:\/\/[\d.:]+)/);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`compiled server exited with ${code}:\n${output}`)));
  });
  return { child, address };
}

// Independent of the database under test: run once, in the PGlite stage.
describe.skipIf(isRealPostgres())('the compiled production server (npm start)', () => {
  it('bundles the server with its migrations and worker, and serves the API from plain JavaScript', async () => {
    await promisify(execFile)(process.execPath, [BUILD, '--outdir', outdir]);
    expect(existsSync(join(outdir, 'main.js.map'))).toBe(true);
    expect(existsSync(join(outdir, 'migrations', 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(join(outdir, 'sheet-worker.mjs'))).toBe(true);

    const server = startCompiled(outdir);
    try {
      const base = await server.address;
      const health = await fetch(`${base}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      const document = await fetch(`${base}/api/openapi.json`);
      expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
    } finally {
      // Wait for its exit: the server flushes its embedded database on SIGTERM, and removing the data directory
      // while it still writes fails with ENOTEMPTY.
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 90_000);
});
