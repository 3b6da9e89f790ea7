import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { apiKeysRoutes } from './api-keys/api-keys-routes';
import { importMappingsRoutes } from './import-mappings/import-mappings-routes';
import type { LiveHub } from './live/live-api';
import { liveRoutes } from './live/live-routes';
import { webhooksRoutes } from './webhooks/webhooks-routes';

/** Other systems talking to WMS: API keys, webhooks, the live event stream and saved import mappings. */
export const integrationsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; liveHub?: LiveHub }> = async (
  app,
  { db, config, liveHub },
) => {
  await app.register(importMappingsRoutes, { db });
  await app.register(apiKeysRoutes, { db });
  await app.register(webhooksRoutes, { db, urlPolicy: { allowLocal: config.WEBHOOK_ALLOW_LOCAL_URLS } });
  await app.register(liveRoutes, {
    db,
    hub: liveHub,
    heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
    recheckMs: config.LIVE_RECHECK_SECONDS * 1000,
    maxStreamMs: config.LIVE_MAX_STREAM_MINUTES * 60_000,
  });
};
