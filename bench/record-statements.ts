/**
 * The SQL statements one API request issues, in order (a drizzle query logger while the request runs), each then
 * run again on its own five times: the median time shows which one is slow.
 * `DATABASE_URL=… node --import tsx bench/record-statements.ts '/api/orders/with-merge-items?per_page=25' [admin|manager|client]`
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { StatementRecorder } from '../apps/server/test/support/statement-recorder';
import {
  BENCH_ADMIN_EMAIL,
  BENCH_CLIENT_EMAIL,
  BENCH_CONFIG,
  BENCH_MANAGER_EMAIL,
  openBenchDatabase,
} from './bench-database';

const [path = '/api/orders/with-merge-items?per_page=25', role = 'admin'] = process.argv.slice(2);
const handle = await openBenchDatabase();
if (handle.kind !== 'postgres') throw new Error('Needs DATABASE_URL (PostgreSQL).');
const recorder = new StatementRecorder();
const db = drizzle(handle.pool, { logger: recorder.logger });
const app = await buildApp({ db, config: loadConfig(BENCH_CONFIG), logger: false });
const email = { admin: BENCH_ADMIN_EMAIL, manager: BENCH_MANAGER_EMAIL, client: BENCH_CLIENT_EMAIL }[role];
const [user] = await db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, email ?? BENCH_ADMIN_EMAIL));
if (!user) throw new Error('Run bench/generate.ts first');
const token = await issueToken(db, user.id, { idleMinutes: 600, absoluteHours: 24 });
const { result: response, statements } = await recorder.record(() =>
  app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } }),
);
console.log(`${response.statusCode}, ${statements.length} statements, ${response.body.length} bytes`);
for (const [n, statement] of statements.entries()) {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    await handle.pool.query(statement.sql, statement.params);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${n + 1}. ${times[2]!.toFixed(1)} ms (median of 5): ${statement.sql.slice(0, 400)}\n`);
}
await app.close();
await handle.close();
