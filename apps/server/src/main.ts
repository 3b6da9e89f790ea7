import { buildApp } from './app';
import { purgeDeadTokens } from './auth/tokens';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase, openReadReplica } from './db/open-configured';
import { storageFromConfig } from './files/storage-from-config';
import { setHeapGrowth } from './runtime/heap-growth';
import { bootstrapDatabase } from './seed/bootstrap';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
setHeapGrowth(config.HEAP_GROWING_PERCENT);

let handle: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  handle = await openConfiguredDatabase(config);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const replica = config.DATABASE_READ_URL ? openReadReplica(config.DATABASE_READ_URL) : undefined;
const storage = await storageFromConfig(config);
const report = await bootstrapDatabase(handle, config, storage);
const app = await buildApp({
  db: handle.db,
  config,
  fileStorage: storage,
  databasePools: {
    ...(handle.kind === 'postgres' ? { primary: handle.pool } : {}),
    ...(replica ? { read: replica.pool } : {}),
  },
  readDb: replica?.db,
  listen: handle.listen,
});
if (report.seededDemo) app.log.info('Empty database: demo data loaded (users in README, password Password123!)');
if (report.createdAdmin) app.log.info({ email: config.ADMIN_EMAIL }, 'Super-admin created from ADMIN_EMAIL');

await purgeDeadTokens(handle.db);
await app.listen({ host: config.HOST, port: config.PORT });

/**
 * Graceful shutdown (SIGTERM from an orchestrator, Ctrl-C): stop accepting connections, let in-flight requests
 * finish (requests arriving on open keep-alive connections get 503, so a load balancer moves on), close the
 * database, exit 0. Requests still running after SHUTDOWN_TIMEOUT_SECONDS are cut: the process exits 1.
 */
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error('shutdown: requests still running after the timeout; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  deadline.unref();
  await app.close();
  await handle.close();
  await replica?.close();
  app.log.info('shutdown complete');
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
