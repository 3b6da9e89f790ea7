import { join } from 'node:path';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { ensureReferenceData } from '../db/seed/reference-data';
import { type FileStorage, LocalFileStorage } from '../files/file-storage';
import { findUserForSignIn, insertRegisteredUser } from '../modules/platform/users/users-api';
import { isDatabaseEmpty, seedDemoData } from './demo-data';

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
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && !(await findUserForSignIn(handle.db, config.ADMIN_EMAIL))) {
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    await handle.db.transaction((tx) =>
      insertRegisteredUser(tx, {
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
