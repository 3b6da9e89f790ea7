import { execFileSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { openReadReplica } from '../src/db/open-configured';
import { ensureReferenceData } from '../src/db/seed/reference-data';
import { seedWorld, type World } from '../test/support/world';

const { primaryUrl, replicaUrl, script, handle } = inject('replication');
const DATABASE = 'wms_replica_test';
const on = (url: string) => Object.assign(new URL(url), { pathname: `/${DATABASE}` }).toString();

let primary: DatabaseHandle;
let replica: ReturnType<typeof openReadReplica>;
let world: World;
const open: { app: FastifyInstance; close(): Promise<void> }[] = [];

/** The API on the primary, reading from `readUrl`; its warnings are collected in `logs`. `now`: its routing clock. */
async function startApi(readUrl: string, now?: () => number) {
  const stream = new PassThrough();
  const logs: string[] = [];
  stream.on('data', (chunk) => logs.push(String(chunk)));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: on(primaryUrl),
    DATABASE_READ_URL: readUrl,
  });
  const readDb = readUrl === on(replicaUrl) ? replica : openReadReplica(readUrl);
  const app = await buildApp({ db: primary.db, readDb: readDb.db, readRoutingNow: now, config, logger: { stream } });
  open.push({ app, close: async () => (readDb === replica ? undefined : readDb.close()) });
  const as = (actor: keyof World['users'], method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${world.users[actor].token}` } });
  return { app, logs, as };
}

/** The rows of a raw query (the driver's result, typed loosely by drizzle). */
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** Waits until the replica has replayed everything the primary wrote so far (polls; the replica is asynchronous). */
async function replicaCaughtUp() {
  // The insert position, not pg_current_wal_lsn (the write position): with synchronous_commit off, as this pair
  // runs, a commit record may still sit in the WAL buffers, and a replica "caught up" to the write position would not
  // show it yet (a flaky CI run).
  const [current] = await rowsOf<{ lsn: string }>(
    primary.db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`),
  );
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const check = replica.db.execute(sql`select pg_last_wal_replay_lsn() >= ${current!.lsn}::pg_lsn as done`);
    if ((await rowsOf<{ done: boolean }>(check))[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the replica did not catch up within 30 s');
}

const setReplay = (paused: boolean) =>
  replica.db.execute(paused ? sql`select pg_wal_replay_pause()` : sql`select pg_wal_replay_resume()`);

/** Stops the replica's server as a crash would (pg_ctl stop -m immediate), or starts it again on its data. */
const replicaServer = (action: 'stop' | 'start') => execFileSync('bash', [script, `${action}-replica-server`, handle]);

const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((w) => w.name);

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  primary = await openDatabase({ kind: 'postgres', url: on(primaryUrl) });
  await runMigrations(primary);
  await ensureReferenceData(primary.db);
  world = await seedWorld(primary.db);
  replica = openReadReplica(on(replicaUrl));
  await replicaCaughtUp();
});

afterAll(async () => {
  await setReplay(false).catch(() => undefined);
  for (const { app, close } of open) {
    await app.close();
    await close();
  }
  await replica?.close();
  await primary?.close();
});

describe('DATABASE_READ_URL: reads on a streaming replica', () => {
  it('is a real replica (in recovery), the primary is not', async () => {
    const recovery = async (db: typeof primary.db) =>
      (await rowsOf<{ r: boolean }>(db.execute(sql`select pg_is_in_recovery() as r`)))[0]?.r;
    expect(await recovery(replica.db)).toBe(true);
    expect(await recovery(primary.db)).toBe(false);
  });

  it('serves lists from the replica, but a user reads their own write from the primary', async () => {
    const api = await startApi(on(replicaUrl));
    // With replay paused the replica stays behind: what a list shows tells which database answered it.
    await setReplay(true);
    try {
      const created = await api.as('admin', 'POST', '/api/warehouses', {
        name: 'Replica Depot',
        code: 'REP',
        city: 'Reno',
        state: 'NV',
      });
      expect(created.statusCode, created.body).toBe(201);

      // The writer reads on the primary: their new warehouse is there at once.
      expect(names(await api.as('admin', 'GET', '/api/warehouses?per_page=100'))).toContain('Replica Depot');
      // Someone else's read goes to the (paused) replica: not there yet.
      const other = await api.as('superAdmin', 'GET', '/api/warehouses?per_page=100');
      expect(other.statusCode).toBe(200);
      expect(names(other)).toContain('Alpha Warehouse');
      expect(names(other)).not.toContain('Replica Depot');
    } finally {
      await setReplay(false);
    }
    await replicaCaughtUp();
    expect(names(await api.as('superAdmin', 'GET', '/api/warehouses?per_page=100'))).toContain('Replica Depot');
    expect(api.logs.join('')).not.toContain('read replica unreachable');
  });

  it('falls back to the primary with a warning when the replica is unreachable', async () => {
    const api = await startApi('postgres://app@127.0.0.1:9/nowhere');
    const res = await api.as('superAdmin', 'GET', '/api/warehouses?per_page=100');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toContain('Alpha Warehouse');
    expect(api.logs.join('')).toContain('read replica unreachable: reads fall back to the primary');
  });

  it('retries a read on the primary when the replica dies between two checks, and reads from it again once it is back', async () => {
    let now = 0;
    const api = await startApi(on(replicaUrl), () => now);
    const read = () => api.as('superAdmin', 'GET', '/api/warehouses?per_page=100');
    // The first read checks the replica (reachable) and is served by it; the next check is due 5 s later.
    expect((await read()).statusCode).toBe(200);

    replicaServer('stop');
    // Routing still believes in the replica (no check due): the read fails there and is retried on the primary.
    const during = await read();
    expect(during.statusCode, during.body).toBe(200);
    expect(names(during)).toContain('Alpha Warehouse');
    expect(api.logs.join('')).toContain('read replica failed during a read: retried on the primary');

    replicaServer('start');
    await replicaCaughtUp();
    // With replay paused, whether a read sees a new warehouse tells which database served it.
    await setReplay(true);
    try {
      const created = await api.as('admin', 'POST', '/api/warehouses', {
        name: 'After Crash Depot',
        code: 'ACD',
        city: 'Elko',
        state: 'NV',
      });
      expect(created.statusCode, created.body).toBe(201);
      // Marked down: until the next check, reads stay on the primary although the replica is back.
      expect(names(await read())).toContain('After Crash Depot');
      now += 5_000;
      // The check finds it again: reads return to the (paused) replica.
      const back = await read();
      expect(back.statusCode).toBe(200);
      expect(names(back)).toContain('Alpha Warehouse');
      expect(names(back)).not.toContain('After Crash Depot');
      expect(api.logs.join('')).toContain('read replica reachable again: reads go to it');
    } finally {
      await setReplay(false);
    }
  });
});
