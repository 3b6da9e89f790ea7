import { buildApp } from './app';
import { purgeDeadTokens } from './auth/tokens';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open-configured';
import { bootstrapDatabase } from './seed/bootstrap';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let handle: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  handle = await openConfiguredDatabase(config);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const report = await bootstrapDatabase(handle, config);
const app = await buildApp({ db: handle.db, config });
if (report.seededDemo) app.log.info('Empty database: demo data loaded (users in README, password Password123!)');
if (report.createdAdmin) app.log.info({ email: config.ADMIN_EMAIL }, 'Super-admin created from ADMIN_EMAIL');

await purgeDeadTokens(handle.db);
await app.listen({ host: config.HOST, port: config.PORT });

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
