import { billingDashboardQuery, billingDashboardResponse } from '@wms/contract/billing-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { DashboardCache } from '../../service/dashboard/dashboard-api';
import type { UnbilledCharges } from '../charges/charges-api';
import { billingDashboard } from './billing-dashboard-service';

/**
 * The staff billing dashboard. `manage billing`, not `view invoices`: revenue across accounts is the
 * business's own figure, and `view invoices` is the clients' right (each sees their own invoices on /invoices).
 * Scope applies as everywhere: a role granted `manage billing` with a warehouse scope sees its accounts only.
 */
export const billingDashboardRoutes: FastifyPluginAsyncZod<{
  db: Database;
  currency: string;
  cacheSeconds: number;
  /** The clock of "the current month" (tests fix it); default now. */
  now?: () => Date;
}> = async (app, { db, currency, cacheSeconds, now = () => new Date() }) => {
  const unbilled = new DashboardCache<UnbilledCharges>(cacheSeconds * 1000);
  app.get(
    '/billing/dashboard',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Revenue per month of the last 12 months, by account and by charge type; unbilled charges this month',
        operationId: 'billingDashboard',
        tags: ['billing'],
        querystring: billingDashboardQuery,
        response: { 200: billingDashboardResponse },
      },
    },
    async (request) => ({
      dashboard: await billingDashboard(db, requireAuth(request.auth), {
        month: request.query.month,
        currency,
        unbilled,
        now: now(),
      }),
    }),
  );
};
