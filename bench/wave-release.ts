/**
 * Wave release and pick confirmation at scale, through the services as staff (DESIGN §11), on PostgreSQL after
 * bench/generate.ts:
 *   DATABASE_URL=… node --import tsx bench/wave-release.ts
 * Once per database it places the stock in LOCATIONS (20 000) locations (bench/wave-release-data.ts); every run adds
 * fresh, fully reserved open orders in the bench manager's warehouse, then measures:
 * - releasing RELEASE_ORDERS (500) orders × 3 lines by `order_ids` (allocation included), ROUNDS (7) times on fresh
 *   orders: each time, median and max;
 * - releasing 10 000 lines in one wave (BIG_ORDERS 1 000 orders × 10 lines: the API's limits, WAVE_MAX_ORDERS and
 *   WAVE_MAX_LINES);
 * - picking: PICKERS (20) pickers, each on their own wave of PICK_ORDERS (50) orders × 3 lines, confirm its tasks in
 *   route order for DURATION (20) s, all at once (each at most once per PICK_PACE_MS, default 0): p50/p95 per confirmation (the answer, the wave as the handheld
 *   shows it, included). Then the SQL of one confirmation per picker (recorded with a drizzle logger, its own
 *   first task, confirmed alone) replayed by PICKERS workers at once, each its own picker's recording, inside a
 *   transaction rolled back (bench/write-scenarios.ts): p95 api/sql.
 * MODE (cluster) is the waves' picking mode: cluster pickers scan a tote per order first, and every confirmation
 * names the totes. At the end the stock invariants of the test suite are recounted (INVARIANTS=0 skips them).
 * Prints one JSON line.
 */
import { loadavg } from 'node:os';
import type { PickingMode } from '@wms/contract/waves';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { RequestAuth } from '../apps/server/src/auth/request-auth';
import type { Database } from '../apps/server/src/db/client';
import { assignWaveToMe, confirmPick, scanTotes } from '../apps/server/src/modules/outbound/picking/picking-service';
import { releaseWave } from '../apps/server/src/modules/outbound/waves/waves-service';
import {
  findUserForSignIn,
  insertRegisteredUser,
  loadOwnUserView,
} from '../apps/server/src/modules/platform/users/users-api';
import { StatementRecorder } from '../apps/server/test/support/statement-recorder';
import { stockInvariantBreaches } from '../apps/server/test/support/stock-invariants';
import type { PickTask, WaveDetail } from '../packages/contract/src/waves';
import { BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';
import { percentile } from './stats';
import { addReleasableOrders, placeStock, stockPlaced } from './wave-release-data';
import { RecordingSlots, replayRolledBack, type Statement, waitForQuiet } from './write-scenarios';

const LOCATIONS = Number(process.env.LOCATIONS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const RELEASE_ORDERS = Number(process.env.RELEASE_ORDERS ?? 500);
const BIG_ORDERS = Number(process.env.BIG_ORDERS ?? 1000);
const BIG_LINES = Number(process.env.BIG_LINES ?? 10);
const PICKERS = Number(process.env.PICKERS ?? 20);
const PICK_ORDERS = Number(process.env.PICK_ORDERS ?? 50);
const DURATION = Number(process.env.DURATION ?? 20);
/**
 * PICK_PACE_MS (0): a picker starts a confirmation at most once per this many ms, as a person walking and scanning
 * does (0: the next one at once, a stress test of the 2 cores rather than a floor).
 */
const PICK_PACE_MS = Number(process.env.PICK_PACE_MS ?? 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MODE = (process.env.MODE ?? 'cluster') as PickingMode;

const handle = await openBenchDatabase();
if (handle.kind !== 'postgres') throw new Error('Needs DATABASE_URL (PostgreSQL): 20 pickers need a pool.');
const pool = handle.pool;
const recorder = new StatementRecorder();
const db = drizzle(pool, { logger: recorder.logger }) as unknown as Database;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const step = async (label: string, run: () => Promise<unknown>) => {
  const t = performance.now();
  await run();
  console.error(`${label.padEnd(48)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
};

async function actingAs(email: string): Promise<RequestAuth> {
  const row = await findUserForSignIn(db, email);
  const user = row ? await loadOwnUserView(db, row.id) : undefined;
  if (!user) throw new Error(`${email} is missing: run bench/generate.ts first`);
  return new RequestAuth(user, 0, db);
}

/** Statements and time of one service call, recorded alone. */
const recorded = <T>(run: () => Promise<T>) => recorder.record(run);

// One transaction: a failed placement leaves nothing behind, so the next run places again.
if (!(await stockPlaced(db))) await db.transaction((tx) => placeStock(tx, step, LOCATIONS));
const manager = await actingAs(BENCH_MANAGER_EMAIL);
const [warehouse] = await rowsOf<{ id: number }>(
  sql`select warehouse_id as id from warehouse_users where user_id = ${manager.user.id} order by 1 limit 1`,
);
const warehouseId = warehouse!.id;
const pickerEmail = (i: number) => `bench-picker-${String(i + 1).padStart(2, '0')}@bench.example.com`;
const passwordHash = await hashPassword('Bench-password-1');
for (let i = 0; i < PICKERS; i++) {
  if (await findUserForSignIn(db, pickerEmail(i))) continue;
  await insertRegisteredUser(db, {
    name: `Bench Picker ${i + 1}`,
    email: pickerEmail(i),
    passwordHash,
    role: 'manager',
    warehouseIds: [warehouseId],
  });
}
const pickers = await Promise.all(Array.from({ length: PICKERS }, (_, i) => actingAs(pickerEmail(i))));

// Fresh orders for this run (a run never releases an earlier run's orders).
const stamp = Date.now().toString(36).toUpperCase();
const orders = { rounds: [] as number[][], big: [] as number[], pick: [] as number[] };
const add = (prefix: string, count: number, linesPerOrder: number) =>
  addReleasableOrders(db, { warehouseId, userId: manager.user.id, prefix, count, linesPerOrder });
await step(`orders: ${ROUNDS} × ${RELEASE_ORDERS} × 3, ${BIG_ORDERS} × ${BIG_LINES}, pickers'`, async () => {
  for (let round = 0; round < ROUNDS; round++) orders.rounds.push(await add(`WB${stamp}-R${round}`, RELEASE_ORDERS, 3));
  orders.big = await add(`WB${stamp}-BIG`, BIG_ORDERS, BIG_LINES);
  orders.pick = await add(`WB${stamp}-P`, PICKERS * PICK_ORDERS, 3);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
});

const release = (ids: readonly number[]) =>
  recorded(() => releaseWave(db, manager, { warehouse_id: warehouseId, mode: MODE, order_ids: [...ids] }));
const checkWave = (wave: WaveDetail, ids: readonly number[]) => {
  if (wave.orders.length !== ids.length) throw new Error(`${wave.number} holds ${wave.orders.length} orders`);
};

const releaseMs: number[] = [];
const releaseStatements: number[] = [];
let releaseLines = 0;
for (const ids of orders.rounds) {
  await waitForQuiet(pool);
  const { result, ms, statements } = await release(ids);
  checkWave(result, ids);
  releaseMs.push(ms);
  releaseStatements.push(statements.length);
  releaseLines = result.line_count;
}
await waitForQuiet(pool);
const big = await release(orders.big);
checkWave(big.result, orders.big);

// Pickers: each their own wave, taken (and in cluster mode a tote per order scanned) before the clock starts.
const waves: WaveDetail[] = [];
for (let i = 0; i < PICKERS; i++) {
  const ids = orders.pick.slice(i * PICK_ORDERS, (i + 1) * PICK_ORDERS);
  const { result } = await release(ids);
  checkWave(result, ids);
  const taken = await assignWaveToMe(db, pickers[i]!, result.id);
  waves.push(
    MODE === 'cluster'
      ? (
          await scanTotes(
            db,
            pickers[i]!,
            result.id,
            result.orders.map((o) => ({ order_id: o.order_id, tote: `T${stamp}-${o.order_id}` })),
          )
        ).data
      : taken.data,
  );
}
/** What a picker scans for a task: its location, the product's barcode (or SKU), lot, quantity and totes. */
const scansOf = (task: PickTask) => ({
  location_code: task.location.code,
  product_code: task.product.barcode ?? task.product.sku,
  lot_code: task.lot?.code ?? null,
  quantity: task.quantity,
  totes:
    MODE === 'cluster'
      ? task.orders.map((o) => ({ order_id: o.order_id, tote: o.tote!, quantity: o.quantity }))
      : undefined,
});
const queues = waves.map((wave) =>
  wave.tasks.filter((t) => t.kind === 'pick' && t.status === 'open').sort((a, b) => a.sequence - b.sequence),
);
const confirm = (i: number, task: PickTask) => confirmPick(db, pickers[i]!, waves[i]!.id, task.id, scansOf(task));

// Each picker's first task alone, recorded: the SQL of one confirmation, per picker (its own wave and rows).
const recordings: Statement[][] = [];
const aloneMs: number[] = [];
for (let i = 0; i < PICKERS; i++) {
  await waitForQuiet(pool);
  const { ms, statements } = await recorded(() => confirm(i, queues[i]!.shift()!));
  recordings.push(statements);
  aloneMs.push(ms);
}

/** PICKERS workers at once for DURATION s (a worker also stops when its queue is empty): every call's time. */
async function concurrently(work: (i: number) => Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: PICKERS }, async (_, i) => {
      // Paced pickers start spread over one pace, as people on a floor do, not all in the same instant.
      if (PICK_PACE_MS > 0) await pause((i * PICK_PACE_MS) / PICKERS);
      while (performance.now() < end) {
        const t = performance.now();
        if (!(await work(i))) return;
        times.push(performance.now() - t);
        if (PICK_PACE_MS > 0) await pause(Math.max(0, t + PICK_PACE_MS - performance.now()));
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

await waitForQuiet(pool);
const api = await concurrently(async (i) => {
  const task = queues[i]!.shift();
  if (!task) return false;
  await confirm(i, task);
  return true;
});
const tasksLeft = queues.reduce((sum, q) => sum + q.length, 0);
await waitForQuiet(pool);
const slots = new RecordingSlots(recordings);
const replayed = await concurrently(async () => {
  await slots.use((statements) => replayRolledBack(pool, statements));
  return true;
});

const ms = (n: number) => Math.round(n * 10) / 10;

/**
 * SHOW_SQL=1: each statement of one recorded confirmation with its time, replayed in order in a transaction rolled
 * back (so each write sees what the ones before it wrote), the slowest first: where the confirmation's SQL goes.
 */
if (process.env.SHOW_SQL) {
  const client = await pool.connect();
  const timed: { ms: number; sql: string }[] = [];
  try {
    await client.query('begin');
    for (const s of recordings[0]!) {
      if (s.sql === 'begin' || s.sql === 'commit') continue;
      const t = performance.now();
      await client.query(s.sql, s.params as unknown[]);
      timed.push({ ms: performance.now() - t, sql: s.sql.replace(/\s+/g, ' ').slice(0, 300) });
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  for (const t of timed.sort((a, b) => b.ms - a.ms)) console.error(`${t.ms.toFixed(1)} ms: ${t.sql}`);
}
const sortedRelease = [...releaseMs].sort((a, b) => a - b);
const sortedAlone = [...aloneMs].sort((a, b) => a - b);
const [scale] = await rowsOf<{ orders: number; inventories: number; locations: number }>(
  sql`select (select count(*) from orders)::int as orders, (select count(*) from inventories)::int as inventories,
    (select count(*) from locations where warehouse_id in (select id from warehouses where code like 'BW-%'))::int
      as locations`,
);
const breaches = process.env.INVARIANTS === '0' ? undefined : await stockInvariantBreaches(db);
const broken = breaches && Object.entries(breaches).filter(([, rows]) => rows.length > 0);
console.log(
  JSON.stringify({
    database: 'postgres',
    ...scale,
    mode: MODE,
    release: {
      orders: RELEASE_ORDERS,
      lines: releaseLines,
      rounds_ms: releaseMs.map(Math.round),
      median_ms: Math.round(percentile(sortedRelease, 0.5)),
      max_ms: Math.round(sortedRelease.at(-1)!),
      statements: releaseStatements,
    },
    release_big: {
      orders: BIG_ORDERS,
      lines: big.result.line_count,
      tasks: big.result.tasks.length,
      ms: Math.round(big.ms),
      statements: big.statements.length,
    },
    pick: {
      pickers: PICKERS,
      pace_ms: PICK_PACE_MS,
      duration_s: DURATION,
      confirmations: api.length,
      tasks_left: tasksLeft,
      alone_median_ms: ms(percentile(sortedAlone, 0.5)),
      api_p50: ms(percentile(api, 0.5)),
      api_p95: ms(percentile(api, 0.95)),
      sql_p50: ms(percentile(replayed, 0.5)),
      sql_p95: ms(percentile(replayed, 0.95)),
      'p95 api/sql': ms(percentile(api, 0.95) / percentile(replayed, 0.95)),
      statements: recordings[0]!.length,
    },
    invariants: broken === undefined ? 'skipped' : broken.length === 0 ? 'hold' : Object.fromEntries(broken),
    load_average: loadavg().map((n) => ms(n)),
  }),
);
await handle.close();
