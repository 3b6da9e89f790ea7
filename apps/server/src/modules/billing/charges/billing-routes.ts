import {
  BILLING_MESSAGES,
  billingPeriodSchema,
  billingPreviewResponse,
  manualChargeInputSchema,
  manualChargeListQuery,
  manualChargeListResponse,
  manualChargeSavedResponse,
} from '@wms/contract/billing';
import { errorResponseSchema } from '@wms/contract/errors';
import { idParams, idSchema } from '@wms/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  createManualCharge,
  deleteManualCharge,
  listManualCharges,
  previewCharges,
  runningCharges,
} from './billing-service';

/**
 * Charges. The preview and manual charges are staff work (`manage billing`); a client's running charges
 * of the current month are `view invoices`, scoped to the accounts they own (out of scope: 404).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Database; currency: string; now?: () => Date }> = async (
  app,
  { db, currency, now = () => new Date() },
) => {
  app.get(
    '/billing/preview',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: "Preview an account's charges for a period, grouped by charge type with their evidence",
        operationId: 'previewCharges',
        tags: ['billing'],
        querystring: billingPeriodSchema,
        // 404: an account outside the caller's reach (or none), like a path id.
        response: { 200: billingPreviewResponse, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      preview: await previewCharges(db, requireAuth(request.auth), request.query, currency, now()),
    }),
  );

  app.get(
    '/billing/running-charges',
    {
      config: { permission: 'view invoices' },
      schema: {
        summary: "The current month's charges so far of one of the caller's accounts (not yet invoiced)",
        operationId: 'runningCharges',
        tags: ['billing'],
        querystring: z.object({ account_id: idSchema(BILLING_MESSAGES.accountRequired) }),
        // 404: an account outside the caller's reach (or none), like a path id.
        response: { 200: billingPreviewResponse, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      preview: await runningCharges(db, requireAuth(request.auth), request.query.account_id, currency, now()),
    }),
  );

  app.post(
    '/billing/manual-charges',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Add a manual charge (a value-added service) to an account on a day',
        operationId: 'createManualCharge',
        tags: ['billing'],
        body: manualChargeInputSchema,
        response: { 201: manualChargeSavedResponse },
      },
    },
    async (request, reply) => {
      const charge = await createManualCharge(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ manual_charge: charge, message: BILLING_MESSAGES.manualChargeCreated });
    },
  );

  app.get(
    '/billing/manual-charges',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'List manual charges, newest day first, with the finalized invoice that holds each (if any)',
        operationId: 'listManualCharges',
        tags: ['billing'],
        querystring: manualChargeListQuery,
        response: { 200: manualChargeListResponse },
      },
    },
    async (request) => listManualCharges(db, requireAuth(request.auth), request.query),
  );

  app.delete(
    '/billing/manual-charges/:id',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Delete a manual charge (refused while a finalized invoice covers its day)',
        operationId: 'deleteManualCharge',
        tags: ['billing'],
        params: idParams,
        // 409: a finalized, not void, invoice of the account covers the charge's day (it is frozen there).
        response: { 200: z.object({ message: z.string() }), 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteManualCharge(db, requireAuth(request.auth), request.params.id);
      return { message: BILLING_MESSAGES.manualChargeDeleted };
    },
  );
};
