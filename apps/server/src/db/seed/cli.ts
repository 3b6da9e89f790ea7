import { loadConfig } from '../../config';
import { runMigrations } from '../migrate';
import { openConfiguredDatabase } from '../open-configured';
import { isDatabaseEmpty, seedDemoData } from './demo-data';
import { ensureReferenceData } from './reference-data';

/** `npm run db:seed`: migrate, then load demo data into an empty database (never over existing data). */
const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await runMigrations(handle);
  await ensureReferenceData(handle.db);
  if (await isDatabaseEmpty(handle.db)) {
    await seedDemoData(handle.db);
    console.log('Demo data loaded.');
  } else {
    console.log('The database already has users: demo data not loaded.');
  }
} finally {
  await handle.close();
}
