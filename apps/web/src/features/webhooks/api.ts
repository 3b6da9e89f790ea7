import { queryOptions } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import type { Webhook, WebhookAttempt, WebhookCreateInput, WebhookUpdateInput } from '@wms/contract/webhooks';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';

// Subscriptions are not narrowed by the header's context: the page lists every subscription the caller reaches.
const plain = { bypass_default: true } as const;

export const webhookKeys = {
  all: ['webhooks'] as const,
  one: (id: number) => ['webhooks', id] as const,
  log: (id: number, page: number) => ['webhooks', id, 'deliveries', page] as const,
};

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get<{ data: Webhook[] }>('/webhooks', { ...plain, signal }).then((a) => a.data),
  });

export const webhookQuery = (id: number) =>
  queryOptions({
    queryKey: webhookKeys.one(id),
    queryFn: ({ signal }) =>
      api.get<{ webhook: Webhook }>(`/webhooks/${id}`, { ...plain, signal }).then((a) => a.webhook),
  });

export const deliveryLogQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: webhookKeys.log(id, page),
    queryFn: ({ signal }) =>
      api.get<{ data: WebhookAttempt[]; meta: PageMeta }>(`/webhooks/${id}/deliveries`, {
        ...plain,
        query: { page, per_page: 25 },
        signal,
      }),
  });

export const createWebhook = (input: WebhookCreateInput) =>
  api.post<{ webhook: Webhook; secret: string }>('/webhooks', input, {
    ...plain,
    notifyOnError: notifyUnlessValidation,
  });

export const updateWebhook = (id: number, input: WebhookUpdateInput) =>
  api.put<{ webhook: Webhook }>(`/webhooks/${id}`, input, plain);

export const deleteWebhook = (id: number) => api.delete<{ message: string }>(`/webhooks/${id}`, plain);

export const sendTestEvent = (id: number) => api.post(`/webhooks/${id}/test`, undefined, plain);

export const redeliver = (id: number, deliveryId: number) =>
  api.post(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, undefined, plain);
