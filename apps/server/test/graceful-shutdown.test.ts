import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VALIDATION } from '@wms/contract/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { isRealPostgres } from './support/test-database';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const workDir = await mkdtemp(join(tmpdir(), 'wms-shutdown-'));
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** The server (tsx, as `npm run dev` runs it) on a fresh embedded database; `waitFor` resolves on a log line. */
function startServer() {
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...env, DATA_DIR: join(workDir, 'data'), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const match = output.match(pattern);
      if (match) return resolve(match);
      waiters.push({ pattern, resolve });
      void exited.then((code) => reject(new Error(`server exited with ${code} before ${pattern}:\n${output}`)));
    });
  return { child, exited, waitFor };
}

/** Whether a new TCP connection to the server is refused (resolves true) or answered (false). */
const refused = (base: string) =>
  fetch(`${base}/api/health`).then(
    () => false,
    (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
  );

// Independent of the database under test: run once, in the PGlite stage.
describe.skipIf(isRealPostgres())('graceful shutdown (SIGTERM)', () => {
  it('refuses new connections, finishes the request in flight, closes the database and exits 0', async () => {
    const server = startServer();
    try {
      const base = (await server.waitFor(/listening at (http:\/\/[\d.:]+)/))[1]!;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

      // A request in flight: its headers are in (the route has started), half of its body is still to come.
      const body = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }));
      const inFlight = request(`${base}/api/login`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      });
      const answered = once(inFlight, 'response');
      inFlight.write(body.subarray(0, 10));
      await server.waitFor(/"url":"\/api\/login"/);

      server.child.kill('SIGTERM');
      await server.waitFor(/shutting down/);
      // The listening socket closes as shutdown begins: poll new connections until one is refused.
      let isRefused = false;
      for (let attempt = 0; attempt < 500 && !isRefused; attempt++) isRefused = await refused(base);
      expect(isRefused).toBe(true);
      expect(server.child.exitCode).toBeNull();

      inFlight.end(body.subarray(10));
      const [response] = (await answered) as [import('node:http').IncomingMessage];
      let text = '';
      for await (const chunk of response) text += chunk;
      // The login route's own answer (unknown email), not a 503 from a closing server nor a cut connection.
      expect(response.statusCode).toBe(422);
      expect(JSON.parse(text).errors.email).toEqual([VALIDATION.invalidCredentials]);

      expect(await server.exited).toBe(0);
      await server.waitFor(/shutdown complete/);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);
});
