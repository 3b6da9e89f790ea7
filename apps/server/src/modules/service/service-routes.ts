import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { inquiriesRoutes } from './inquiries/inquiries-routes';

/** Serving the people who use WMS: support inquiries and the dashboard. */
export const serviceRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  await app.register(inquiriesRoutes, { db });
  await app.register(dashboardRoutes, { db, cacheSeconds: config.DASHBOARD_CACHE_SECONDS });
};
