// `npm run db:backup [-- DIR]` and `npm run db:restore -- DIR`: a copy of the embedded database (PGlite under
// DATA_DIR/db, as a gzipped tarball of its data directory) and of the stored files (DATA_DIR/files), and back.
// Both refuse while a server holds DATA_DIR's lock: a copy taken under a running server could be torn, and a
// restore under it would be overwritten. PostgreSQL: use pg_dump/pg_restore (README, "Backup and restore").
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config';
import { PGLITE_EXTENSIONS } from '../src/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock';

const DATABASE_FILE = 'database.tar.gz';
const FILES_DIR = 'files';

/** Paths on the command line are relative to where the user typed `npm run …`, not to apps/server. */
const fromUser = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
const timestamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function backup(dataDir: string, target: string): Promise<void> {
  if (!existsSync(join(dataDir, 'db'))) throw new Error(`No embedded database in ${dataDir}.`);
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new directory for the backup.`);
  const client = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: PGLITE_EXTENSIONS });
  try {
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  if (existsSync(join(dataDir, FILES_DIR)))
    cpSync(join(dataDir, FILES_DIR), join(target, FILES_DIR), { recursive: true });
  console.log(`Backed up ${dataDir} to ${target}`);
}

async function restore(dataDir: string, source: string): Promise<void> {
  const dump = join(source, DATABASE_FILE);
  if (!existsSync(dump)) throw new Error(`${source} is not a backup (no ${DATABASE_FILE} in it).`);
  // Nothing is deleted: what the restore replaces moves aside, so a restore of the wrong backup can be undone.
  const aside = join(dataDir, `before-restore-${timestamp()}`);
  for (const name of ['db', FILES_DIR]) {
    if (!existsSync(join(dataDir, name))) continue;
    mkdirSync(aside, { recursive: true });
    renameSync(join(dataDir, name), join(aside, name));
  }
  const client = await PGlite.create({
    dataDir: join(dataDir, 'db'),
    loadDataDir: new Blob([readFileSync(dump)]),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
  if (existsSync(join(source, FILES_DIR)))
    cpSync(join(source, FILES_DIR), join(dataDir, FILES_DIR), { recursive: true });
  console.log(`Restored ${source} into ${dataDir}${existsSync(aside) ? ` (the previous data is in ${aside})` : ''}`);
}

async function main() {
  const [command, path] = process.argv.slice(2);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump and pg_restore (README).');
  }
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir, 'db.lock');
  try {
    if (command === 'backup') await backup(dataDir, fromUser(path ?? join('backups', `wms-${timestamp()}`)));
    else if (command === 'restore' && path) await restore(dataDir, fromUser(path));
    else throw new Error('usage: db-backup.ts backup [DIR] | restore DIR');
  } finally {
    lock.release();
  }
}

main().catch((error: Error) => {
  console.error(error instanceof DataDirLockedError ? error.message : (error.message ?? error));
  process.exit(1);
});
