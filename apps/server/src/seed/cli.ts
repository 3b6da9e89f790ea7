import { join } from 'node:path';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open-configured';
import { ensureReferenceData } from '../db/seed/reference-data';
import { LocalFileStorage } from '../files/file-storage';
import { isDatabaseEmpty, seedDemoData } from './demo-data';

/** `npm run db:seed`: migrate, then load demo data into an empty database (never over existing data). */
const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await runMigrations(handle);
  await ensureReferenceData(handle.db);
  if (await isDatabaseEmpty(handle.db)) {
    await seedDemoData(handle.db, new LocalFileStorage(join(config.DATA_DIR, 'files')));
    console.log('Demo data loaded.');
  } else {
    console.log('The database already has users: demo data not loaded.');
  }
} finally {
  await handle.close();
}
