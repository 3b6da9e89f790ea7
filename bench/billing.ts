/**
 * Billing at scale: one month's preview, draft invoice and finalize for an account with BILL_ORDERS
 * (100 000) orders shipped in the month and BILL_INVENTORY (10 000) inventory rows, through the real app
 * (`buildApp`, `app.inject`: every hook, auth, validation, serialisation), ROUNDS (5) times; p50 (the median), p95
 * and max. Then the account's running charges of the current month (as its client), and the charge facts' SQL alone.
 *   DATABASE_URL=… node --import tsx bench/billing.ts      # after bench/generate.ts (any ORDERS)
 * The account is made once (bench/billing-data.ts) and reused by later runs; MONTH (YYYY-MM, default the previous
 * calendar month) only applies when it is made. Each round voids its invoice so the next may finalize the period
 * again; invoices of earlier runs of the bench account are deleted first (they are this script's own rows).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/users';
import { chargeFacts } from '../apps/server/src/modules/billing/charges/fact-statements';
import { BENCH_ADMIN_EMAIL, openBenchDatabase } from './bench-database';
import {
  BILLING_CLIENT_EMAIL,
  type BillingBenchAccount,
  findBillingAccount,
  generateBillingAccount,
} from './billing-data';
import { summaries } from './stats';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const previousMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

// PostgreSQL: ONE connection, kept open, so the CPU time its backend process spends (/proc/PID/stat) is this bench's
// own: with other sessions loading the machine, CPU seconds say what an idle machine would take where wall time
// cannot.
const handle = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 1 })
  : await openBenchDatabase();
const { db } = handle;
if (handle.kind === 'postgres') handle.pool.options.idleTimeoutMillis = 0;
const backendPid =
  handle.kind === 'postgres'
    ? ((await handle.pool.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid
    : undefined;
/** CPU seconds so far of the database backend (PostgreSQL) and of this Node process (PGlite runs inside it). */
function cpuSeconds(): { db: number; node: number } {
  const node = process.cpuUsage();
  if (backendPid === undefined) return { db: 0, node: (node.user + node.system) / 1e6 };
  const fields = readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks of 1/100 s.
  return { db: (Number(fields[11]) + Number(fields[12])) / 100, node: (node.user + node.system) / 1e6 };
}
const step = async (label: string, run: () => Promise<unknown>) => {
  const t = Date.now();
  await run();
  console.log(`${label.padEnd(60)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
};

const loadAtStart = loadavg();
let bench: BillingBenchAccount | undefined = await findBillingAccount(db);
if (!bench) {
  const started = Date.now();
  // One transaction: a run stopped half way leaves nothing behind, and the next run starts over.
  bench = await db.transaction((tx) =>
    generateBillingAccount(tx, step, {
      month: process.env.MONTH ?? previousMonth(),
      inventory: Number(process.env.BILL_INVENTORY ?? 10_000),
      orders: Number(process.env.BILL_ORDERS ?? 100_000),
      currentOrders: Number(process.env.CURRENT_ORDERS ?? 10_000),
    }),
  );
  console.log(`billing account generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const { accountId, month } = bench;
const from = `${month}-01`;
const to = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const counted = (
  (await db.execute(sql`select
      (select count(*)::int from orders where account_id = ${accountId} and lifecycle = 'shipped'
        and shipped_at >= ${from}::date - 1 and shipped_at < ${to}::date + 2) as orders,
      (select count(*)::int from inventories where account_id = ${accountId}) as inventory,
      (select count(*)::int from orders) as all_orders`)) as unknown as {
    rows: { orders: number; inventory: number; all_orders: number }[];
  }
).rows[0]!;
console.log(
  `account ${accountId}, ${from} – ${to}: ${counted.orders} orders shipped, ${counted.inventory} inventory rows;` +
    ` ${counted.all_orders} orders in the database`,
);
await db.execute(sql`delete from invoices where account_id = ${accountId}`);

const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
async function tokenOf(email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} missing`);
  return issueToken(db, row.id, { idleMinutes: 600, absoluteHours: 24 });
}
const admin = await tokenOf(BENCH_ADMIN_EMAIL);
const client = await tokenOf(BILLING_CLIENT_EMAIL);

const times: Record<string, number[]> = {};
const record = (name: string, value: number) => {
  times[name] ??= [];
  times[name]!.push(value);
};
/** Runs `work` and records its wall time and the CPU time it took in the database and in Node (ms). */
async function measured<T>(name: string, work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const cpu = cpuSeconds();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const after = cpuSeconds();
  record(name, ms);
  record(`${name} cpu_db`, (after.db - cpu.db) * 1000);
  record(`${name} cpu_node`, (after.node - cpu.node) * 1000);
  return { ms, result };
}

/** One request through every hook; its time in ms, the parsed body and the response's size. */
async function call(name: string, method: 'GET' | 'POST', url: string, token: string, body?: object) {
  const { ms, result: response } = await measured(name, () =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body }),
  );
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return { ms, json: response.json(), bytes: response.rawPayload.length };
}

let sizes = { preview_bytes: 0, draft_bytes: 0, total_cents: 0, lines: 0, evidence: 0 };
for (let round = 0; round < ROUNDS; round++) {
  const preview = await call(
    'preview',
    'GET',
    `/api/billing/preview?account_id=${accountId}&from=${from}&to=${to}`,
    admin,
  );
  const draft = await call('draft', 'POST', '/api/invoices', admin, { account_id: accountId, from, to });
  const id = draft.json.invoice.id as number;
  const finalized = await call('finalize', 'POST', `/api/invoices/${id}/finalize`, admin);
  await call('void', 'POST', `/api/invoices/${id}/void`, admin, { reason: 'Benchmark round' });
  if (finalized.json.invoice.total_cents !== preview.json.preview.total_cents) {
    throw new Error('The finalized invoice does not total the preview');
  }
  const lines = preview.json.preview.groups.flatMap((g: { lines: { evidence_total: number }[] }) => g.lines);
  sizes = {
    preview_bytes: preview.bytes,
    draft_bytes: draft.bytes,
    total_cents: preview.json.preview.total_cents,
    lines: lines.length,
    evidence: lines.reduce((sum: number, line: { evidence_total: number }) => sum + line.evidence_total, 0),
  };
  console.log(
    `round ${round + 1}: preview ${preview.ms.toFixed(0)} ms, draft ${draft.ms.toFixed(0)} ms, ` +
      `finalize ${finalized.ms.toFixed(0)} ms`,
  );
}
for (let round = 0; round < ROUNDS; round++) {
  await call('running', 'GET', `/api/billing/running-charges?account_id=${accountId}`, client);
  await measured('facts (the 7 statements)', () => chargeFacts(db, { accountId, from, to }));
}

console.log(
  JSON.stringify(
    {
      database: handle.kind,
      account_id: accountId,
      period: `${from} – ${to}`,
      ...counted,
      rounds: ROUNDS,
      ...summaries(times),
      ...sizes,
      load_average_start: loadAtStart.map((n) => n.toFixed(1)).join(' '),
      load_average_end: loadavg()
        .map((n) => n.toFixed(1))
        .join(' '),
    },
    null,
    2,
  ),
);
await app.close();
await handle.close();
