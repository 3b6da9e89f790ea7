import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit (a clean shutdown releases the embedded database's lock). */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a power cut of the process. */
  kill(): Promise<void>;
  /** The last 20 000 characters the process wrote (stdout and stderr), for failure messages. */
  output(): string;
}

// Generous: on the shared, overloaded test machine a PGlite start (WASM, recovery after a kill) can take a minute.
const READY_TIMEOUT_MS = 120_000;

/**
 * One compiled API process (`node dist/main.js`) on a free port of 127.0.0.1, against `DATABASE_URL` (PostgreSQL)
 * or `DATA_DIR` (embedded). Resolves once it logs its address.
 */
export async function startServer(
  database: { DATABASE_URL: string } | { DATA_DIR: string },
  /** More settings for this process (the webhook tests' dispatcher timing). */
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_OPTIONS: _options, ...env } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', join(inject('serverBundle'), 'main.js')], {
    env: {
      ...env,
      ...database,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_MAX: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const read = () => {
      const match = output.match(/listening at (http:\/\/[\d.:]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
        child.stdout.off('data', read);
        child.stderr.off('data', read);
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const ended = once(child, 'exit');
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await ended;
  };
  return { base, child, stop: () => end('SIGTERM'), kill: () => end('SIGKILL'), output: () => output };
}
