/**
 * Times each SQL statement one API request issues, one after another (to find the slow one):
 * `DATABASE_URL=… node --import tsx bench/time-statements.ts /api/dashboard admin`.
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { BENCH_ADMIN_EMAIL, BENCH_CLIENT_EMAIL, BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';

const [path = '/api/dashboard', as = 'admin'] = process.argv.slice(2);
const handle = await openBenchDatabase();
if (handle.kind !== 'postgres') throw new Error('Needs DATABASE_URL');
let recording: { sql: string; params: unknown[] }[] = [];
const db = drizzle(handle.pool, { logger: { logQuery: (sql, params) => recording.push({ sql, params }) } });
const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
const email = { admin: BENCH_ADMIN_EMAIL, manager: BENCH_MANAGER_EMAIL, client: BENCH_CLIENT_EMAIL }[as]!;
const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
const token = await issueToken(db, user!.id, { idleMinutes: 600, absoluteHours: 24 });
recording = [];
const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
if (res.statusCode !== 200) throw new Error(res.body);
for (const s of recording) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await handle.pool.query(s.sql, s.params as unknown[]);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${times[2]!.toFixed(1).padStart(8)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
}
await app.close();
await handle.close();
