import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { createWebhookPoster } from '../../../http/webhook-post';
import { createWebhookDispatcher } from './dispatcher';

/**
 * The dispatcher as a background loop of this API process: started when the server is ready, stopped
 * before the database closes. Every process runs one; their claims never overlap (SKIP LOCKED plus a lease).
 */
export function runWebhookDispatcher(app: FastifyInstance, db: Database, config: Config): void {
  const dispatcher = createWebhookDispatcher({
    db,
    post: createWebhookPoster({ allowLocal: config.WEBHOOK_ALLOW_LOCAL_URLS }),
    leaseMs: config.WEBHOOK_LEASE_SECONDS * 1000,
    pollMs: config.WEBHOOK_POLL_MS,
    retentionDays: config.EVENT_RETENTION_DAYS,
    onError: (error) => app.log.error({ err: error }, 'webhook dispatch failed'),
  });
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => dispatcher.stop());
}
