/**
 * The SQL statements one API request issues, in order (a drizzle query logger while the request runs).
 * `DATABASE_URL=… node --import tsx bench/record-statements.ts '/api/orders/with-merge-items?per_page=25' [admin|manager|client]`
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { BENCH_ADMIN_EMAIL, BENCH_CLIENT_EMAIL, BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';

const [path = '/api/orders/with-merge-items?per_page=25', role = 'admin'] = process.argv.slice(2);
const handle = await openBenchDatabase();
if (handle.kind !== 'postgres') throw new Error('Needs DATABASE_URL (PostgreSQL).');
let recording: string[] | null = null;
const db = drizzle(handle.pool, { logger: { logQuery: (query) => recording?.push(query) } });
const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
const email = { admin: BENCH_ADMIN_EMAIL, manager: BENCH_MANAGER_EMAIL, client: BENCH_CLIENT_EMAIL }[role];
const [user] = await db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, email ?? BENCH_ADMIN_EMAIL));
if (!user) throw new Error('Run bench/generate.ts first');
const token = await issueToken(db, user.id, { idleMinutes: 600, absoluteHours: 24 });
recording = [];
const response = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
const statements = recording;
recording = null;
console.log(`${response.statusCode}, ${statements.length} statements, ${response.body.length} bytes`);
for (const [n, statement] of statements.entries()) console.log(`${n + 1}. ${statement.slice(0, 400)}\n`);
await app.close();
await handle.close();
