import type { Executor } from '../../../db/client';
import { type OutboxDepth, readOutboxDepth as readDepth } from './outbox-depth-repository';

/*
 * What app.ts uses of webhooks: the background dispatcher that delivers the outbox, and the outbox's depth for
 * /api/metrics.
 */

export { runWebhookDispatcher } from './background-dispatch';

/** How much work the webhook outbox holds (deliveries pending, events not fanned out yet). */
export const readOutboxDepth = (db: Executor): Promise<OutboxDepth> => readDepth(db);
