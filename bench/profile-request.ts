/**
 * Where one API request spends its time in-process: CPU per request, with and without a compressed answer, the
 * zod response check and JSON, and a CPU profile of 100 requests (/tmp/request.cpuprofile, for Chrome's
 * DevTools). `DATABASE_URL=… node --import tsx bench/profile-request.ts ['/api/orders/with-merge-items?per_page=25']`
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { orderListResponse } from '@wms/contract/orders';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { BENCH_ADMIN_EMAIL, openBenchDatabase } from './bench-database';

const handle = await openBenchDatabase();
const db = handle.db;
const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN_EMAIL));
const token = await issueToken(db, u!.id, { idleMinutes: 600, absoluteHours: 24 });
const url = process.argv[2] ?? '/api/orders/with-merge-items?per_page=25';
const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers });
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
let t = performance.now();
const N = 100;
const cpu0 = process.cpuUsage();
let body = '';
for (let i = 0; i < N; i++)
  body = (await app.inject({ method: 'GET', url, headers: { authorization: headers.authorization } })).body;
const cpu = process.cpuUsage(cpu0);
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/request.cpuprofile', JSON.stringify(profile));
console.log('cpu per request', ((cpu.user + cpu.system) / 1000 / N).toFixed(1), 'ms');
console.log('inject, no compression', ((performance.now() - t) / N).toFixed(1), 'ms', body.length, 'bytes');
t = performance.now();
for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url, headers });
console.log('inject, br accepted', ((performance.now() - t) / N).toFixed(1), 'ms');
const parsed = JSON.parse(body);
t = performance.now();
for (let i = 0; i < N; i++) orderListResponse.parse(parsed);
console.log('zod parse of the response', ((performance.now() - t) / N).toFixed(2), 'ms');
t = performance.now();
for (let i = 0; i < N; i++) JSON.stringify(parsed);
console.log('JSON.stringify', ((performance.now() - t) / N).toFixed(2), 'ms');
await app.close();
await handle.close();
