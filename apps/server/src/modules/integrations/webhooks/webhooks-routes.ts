import { idSchema, optionalIdQuery } from '@wms/contract/ids';
import { pageMeta, pageMetaSchema } from '@wms/contract/pagination';
import {
  eventListQuery,
  eventListResponse,
  WEBHOOK_MESSAGES,
  webhookAttemptListQuery,
  webhookAttemptSchema,
  webhookCreatedResponse,
  webhookCreateSchema,
  webhookDeliveryQueuedResponse,
  webhookListResponse,
  webhookResponse,
  webhookUpdateSchema,
} from '@wms/contract/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { OutboundUrlPolicy } from '../../../http/outbound-url';
import {
  createWebhook,
  deliveryLog,
  getWebhook,
  listEvents,
  listWebhooks,
  redeliver,
  removeWebhook,
  sendTestEvent,
  updateWebhook,
} from './webhooks-service';

const tags = ['webhooks'];
type Queued = z.infer<typeof webhookDeliveryQueuedResponse>['delivery'];
const queuedView = (d: { id: number; messageId: string; status: string }): Queued => ({
  id: d.id,
  message_id: d.messageId,
  status: d.status as Queued['status'],
});
const idParams = z.object({ id: idSchema() });
const deliveryParams = z.object({ id: idSchema(), deliveryId: idSchema() });

/**
 * Webhook subscriptions, their delivery log, redelivery and test events; the event feed for
 * reconciliation. Scope: admins every subscription (and those for every account); clients their accounts'.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ db: Database; urlPolicy: OutboundUrlPolicy }> = async (
  app,
  { db, urlPolicy },
) => {
  app.get(
    '/webhooks',
    {
      config: { permission: 'view webhooks' },
      schema: {
        summary: 'List webhook subscriptions',
        operationId: 'listWebhooks',
        tags,
        querystring: z.object({ account_id: optionalIdQuery() }),
        response: { 200: webhookListResponse },
      },
    },
    async (request) => ({ data: await listWebhooks(db, requireAuth(request.auth), request.query.account_id) }),
  );

  app.post(
    '/webhooks',
    {
      config: { permission: 'create webhooks' },
      schema: {
        summary: 'Subscribe a URL to events (the signing secret is answered this once)',
        operationId: 'createWebhook',
        tags,
        body: webhookCreateSchema,
        response: { 201: webhookCreatedResponse },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(db, requireAuth(request.auth), request.body, urlPolicy);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config: { permission: 'view webhooks' },
      schema: {
        summary: 'One webhook subscription',
        operationId: 'getWebhook',
        tags,
        params: idParams,
        response: { 200: webhookResponse },
      },
    },
    async (request) => ({ webhook: await getWebhook(db, requireAuth(request.auth), request.params.id) }),
  );

  app.put(
    '/webhooks/:id',
    {
      config: { permission: 'edit webhooks' },
      schema: {
        summary: 'Change a subscription (URL, events, enabled)',
        operationId: 'updateWebhook',
        tags,
        params: idParams,
        body: webhookUpdateSchema,
        response: { 200: webhookResponse },
      },
    },
    async (request) => ({
      webhook: await updateWebhook(db, requireAuth(request.auth), request.params.id, request.body, urlPolicy),
    }),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { permission: 'delete webhooks' },
      schema: {
        summary: 'Delete a subscription and its delivery log',
        operationId: 'deleteWebhook',
        tags,
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeWebhook(db, requireAuth(request.auth), request.params.id);
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { permission: 'view webhooks' },
      schema: {
        summary: 'The delivery log: every attempt, newest first',
        operationId: 'listWebhookDeliveries',
        tags,
        params: idParams,
        querystring: webhookAttemptListQuery,
        response: { 200: z.object({ data: z.array(webhookAttemptSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { data, total } = await deliveryLog(db, requireAuth(request.auth), request.params.id, page, per_page);
      return { data, meta: pageMeta(total, page, per_page) };
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { permission: 'edit webhooks' },
      schema: {
        summary: 'Deliver one event again (same webhook-id)',
        operationId: 'redeliverWebhook',
        tags,
        params: deliveryParams,
        response: { 202: webhookDeliveryQueuedResponse },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await redeliver(db, requireAuth(request.auth), id, deliveryId);
      return reply.status(202).send({ delivery: queuedView(delivery) });
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: { permission: 'edit webhooks' },
      schema: {
        summary: 'Send a webhook.test event',
        operationId: 'sendWebhookTest',
        tags,
        params: idParams,
        response: { 202: webhookDeliveryQueuedResponse },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestEvent(db, requireAuth(request.auth), request.params.id);
      return reply.status(202).send({ delivery: queuedView(delivery) });
    },
  );

  app.get(
    '/events',
    {
      config: { permission: 'view webhooks' },
      schema: {
        summary: "An account's webhook events after a cursor (reconciliation), oldest first",
        operationId: 'listEvents',
        tags,
        querystring: eventListQuery,
        response: { 200: eventListResponse },
      },
    },
    async (request) => listEvents(db, requireAuth(request.auth), request.query),
  );
};
