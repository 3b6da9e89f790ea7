import { join } from 'node:path';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import { type FileStorage, LocalFileStorage } from '../files/file-storage';
import { findUserByEmail, insertUser } from '../modules/users/users-repository';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { isDatabaseEmpty, seedDemoData } from './seed/demo-data';
import { ensureReferenceData } from './seed/reference-data';

export interface BootstrapReport {
  seededDemo: boolean;
  createdAdmin: boolean;
}

/** Everything a database needs before the API serves it: schema, roles, and (when asked) demo data and an admin. */
export async function bootstrapDatabase(
  handle: DatabaseHandle,
  config: Pick<Config, 'SEED_DEMO' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'> & Partial<Pick<Config, 'DATA_DIR'>>,
  /** Where the app keeps files (main.ts passes FILE_STORAGE's choice); default DATA_DIR/files. */
  storage: FileStorage | undefined = config.DATA_DIR ? new LocalFileStorage(join(config.DATA_DIR, 'files')) : undefined,
): Promise<BootstrapReport> {
  await runMigrations(handle);
  await ensureReferenceData(handle.db);

  const wantsDemo = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && handle.kind === 'pglite');
  const seededDemo = wantsDemo && (await isDatabaseEmpty(handle.db));
  // The demo label PDF goes where the app keeps files.
  if (seededDemo) await seedDemoData(handle.db, storage);

  let createdAdmin = false;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && !(await findUserByEmail(handle.db, config.ADMIN_EMAIL))) {
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    await handle.db.transaction((tx) =>
      insertUser(tx, {
        name: 'Administrator',
        email: config.ADMIN_EMAIL!.toLowerCase(),
        passwordHash,
        role: 'super-admin',
        warehouseIds: [],
      }),
    );
    createdAdmin = true;
  }
  return { seededDemo, createdAdmin };
}
