import {
  BILLING_SETTINGS_MESSAGES,
  billingSettingsInputSchema,
  billingSettingsResponse,
  billingSettingsSavedResponse,
} from '@wms/contract/billing-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { getBillingSettings, updateBillingSettings } from './billing-settings-service';

/**
 * The installation's billing settings: the issuer printed on invoices. Both ways `manage
 * billing`: whoever makes invoices says whom they come from.
 */
export const billingSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/billing-settings',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'The billing settings: the issuer printed on every invoice',
        operationId: 'getBillingSettings',
        tags: ['billing'],
        response: { 200: billingSettingsResponse },
      },
    },
    async () => ({ settings: await getBillingSettings(db) }),
  );

  app.put(
    '/billing-settings',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Save the billing settings (company name, address, tax id, logo)',
        operationId: 'updateBillingSettings',
        tags: ['billing'],
        body: billingSettingsInputSchema,
        response: { 200: billingSettingsSavedResponse },
      },
    },
    async (request) => ({
      settings: await updateBillingSettings(db, request.body),
      message: BILLING_SETTINGS_MESSAGES.saved,
    }),
  );
};
