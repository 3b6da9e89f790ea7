import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file (default .tmp/openapi.json), for
 * `redocly lint` and client generators. No database is opened: building the routes never touches it.
 */
const target = resolve(process.argv[2] ?? '.tmp/openapi.json');
const app = await buildApp({ db: {} as Database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
await app.ready();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
console.log(`OpenAPI document written to ${target}`);
