import { dashboardQuery, dashboardResponse } from '@wms/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { DashboardCache } from './dashboard-cache';
import { buildDashboard, type DashboardCharts } from './dashboard-service';

/** Spec 1 §7 GET dashboard: every signed-in user gets the overview of their own scope. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; cacheSeconds: number }> = async (
  app,
  { db, cacheSeconds },
) => {
  const charts = new DashboardCache<DashboardCharts>(cacheSeconds * 1000);
  app.get(
    '/dashboard',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'The role-specific overview for a timeframe (days)',
        operationId: 'getDashboard',
        tags: ['dashboard'],
        querystring: dashboardQuery,
        response: { 200: dashboardResponse },
      },
    },
    async (request) => ({ data: await buildDashboard(db, requireAuth(request.auth), request.query, charts) }),
  );
};
