import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { setHeapGrowth } from '../apps/server/src/runtime/heap-growth';

/** DATABASE_URL: that PostgreSQL; otherwise a PGlite data dir under bench/results (git-ignored). */
export const BENCH_PGLITE_DIR = resolve(import.meta.dirname, 'results/pglite');

export async function openBenchDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 20 });
  mkdirSync(BENCH_PGLITE_DIR, { recursive: true });
  return openDatabase({ kind: 'pglite', dataDir: BENCH_PGLITE_DIR });
}

export const BENCH_ADMIN_EMAIL = 'bench-admin@bench.example.com';
export const BENCH_MANAGER_EMAIL = 'bench-manager@bench.example.com';
export const BENCH_CLIENT_EMAIL = 'bench-client@bench.example.com';

/**
 * The API as the benchmarks build it: production mode, silent, and without the webhook dispatcher's background
 * polls — they would land in the recorded statements of whatever request ran beside them, and compete for the
 * same cores as the requests measured (a deployment can run the dispatcher on its own nodes: README).
 */
export const BENCH_CONFIG = { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' } as const;

/**
 * Every bench's in-process API runs with the heap growth main.ts sets for a server (HEAP_GROWING_PERCENT, default
 * 200; `HEAP_GROWING_PERCENT=0` measures V8's own rule): see runtime/heap-growth.ts.
 */
setHeapGrowth(
  loadConfig({ ...BENCH_CONFIG, HEAP_GROWING_PERCENT: process.env.HEAP_GROWING_PERCENT }).HEAP_GROWING_PERCENT,
);
