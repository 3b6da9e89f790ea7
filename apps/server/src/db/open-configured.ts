import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from './client';

/** DATABASE_URL set: PostgreSQL. Unset: embedded PGlite persisted under DATA_DIR/db. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      onIdleError: (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
    });
  }
  const dataDir = resolve(config.DATA_DIR, 'db');
  mkdirSync(dataDir, { recursive: true });
  return openDatabase({ kind: 'pglite', dataDir });
}
