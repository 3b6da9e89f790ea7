import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open-configured';
import { ensureReferenceData } from '../db/seed/reference-data';
import { storageFromConfig } from '../files/storage-from-config';
import { isDatabaseEmpty, seedDemoData } from './demo-data';

/** `npm run db:seed`: migrate, then load demo data into an empty database (never over existing data). */
const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await runMigrations(handle);
  await ensureReferenceData(handle.db);
  if (await isDatabaseEmpty(handle.db)) {
    // The demo label goes where the app keeps files (FILE_STORAGE: the local directory or the S3 bucket).
    await seedDemoData(handle.db, await storageFromConfig(config));
    console.log('Demo data loaded.');
  } else {
    console.log('The database already has users: demo data not loaded.');
  }
} finally {
  await handle.close();
}
