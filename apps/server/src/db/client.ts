import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Listen, listenOnPglite, listenOnPostgres } from './listen';

/** One handle type for both drivers, so every repository runs unchanged on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** The handle inside `db.transaction(...)`; repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** Extensions the migrations create; PostgreSQL has them from its contrib package, PGlite must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type DatabaseHandle =
  /** `listen`: LISTEN/NOTIFY for the live stream, in-process on PGlite, a dedicated connection on pg. */
  | { db: Database; kind: 'pglite'; listen: Listen; close(): Promise<void> }
  /** `pool` for work that needs one session throughout (session-level advisory locks: migrations). */
  | { db: Database; kind: 'postgres'; pool: pg.Pool; listen: Listen; close(): Promise<void> };

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // JIT compilation off (unless the URL's own `options` say otherwise): it pays for long analytic scans, but here
    // it fired on short statements whose row estimates were far too high — compiling took 1.4 s of a 1.5 s billing
    // statement, and hundreds of ms of dashboard charts (bench/history/2026-11-28.md) — as PostgreSQL's docs advise for OLTP.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, options: '-c jit=off' });
    // An idle connection the server closes (restart, failover, admin termination) is reported here; without a
    // listener node-postgres would crash the process. The pool replaces the connection on next use.
    pool.on('error', (error) => target.onIdleError?.(error));
    // Fail at start, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    return {
      db: drizzleNodePg(pool),
      kind: 'postgres',
      pool,
      listen: listenOnPostgres(target.url),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  return { db: drizzlePglite(client), kind: 'pglite', listen: listenOnPglite(client), close: () => client.close() };
}
