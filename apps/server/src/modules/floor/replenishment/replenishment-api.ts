import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { createTasks } from './replenishment-tasks';
import { createReplenishmentWorker } from './replenishment-worker';

/** The replenishment module's public surface: task creation after a wave release, and the background worker. */
export { replenishmentRound } from './replenishment-worker';

/** Creates the replenishment tasks a warehouse's report asks for (after a wave release): the tasks created. */
export const replenishAfterRelease = (db: Database, actorId: number, warehouseId: number) =>
  createTasks(db, actorId, warehouseId);

/** The worker as a background loop of this API process: started when the server is ready, stopped before close. */
export function runReplenishmentWorker(app: FastifyInstance, db: Database, intervalSeconds: number): void {
  const worker = createReplenishmentWorker({
    db,
    intervalMs: intervalSeconds * 1000,
    onError: (error) => app.log.error({ err: error }, 'replenishment round failed'),
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
