import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { billingDashboardRoutes } from './billing-dashboard/billing-dashboard-routes';
import { billingRoutes } from './charges/billing-routes';
import { billingSettingsRoutes } from './invoices/billing-settings-routes';
import { invoicesRoutes } from './invoices/invoices-routes';
import { rateCardsRoutes } from './rate-cards/rate-cards-routes';

/** What the 3PL charges: rate cards, the month's charges, invoices and the billing dashboard. */
export const billingGroupRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; now?: () => Date }> = async (
  app,
  { db, config, now },
) => {
  await app.register(rateCardsRoutes, { db, currency: config.CURRENCY });
  await app.register(billingRoutes, { db, currency: config.CURRENCY, now });
  await app.register(billingDashboardRoutes, {
    db,
    currency: config.CURRENCY,
    cacheSeconds: config.BILLING_DASHBOARD_CACHE_SECONDS,
    now,
  });
  await app.register(invoicesRoutes, { db, currency: config.CURRENCY });
  await app.register(billingSettingsRoutes, { db });
};
