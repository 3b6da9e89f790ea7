import { queryOptions } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import type { Webhook, WebhookAttempt, WebhookCreateInput, WebhookUpdateInput } from '@wms/contract/webhooks';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { webhookKeys } from './query-keys';

// Subscriptions are not narrowed by the header's context: the page lists every subscription the caller reaches.
const plain = { bypass_default: true } as const;

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

const createWebhook = (input: WebhookCreateInput) =>
  api.post<{ webhook: Webhook; secret: string }>('/webhooks', input, {
    ...plain,
    notifyOnError: notifyUnlessValidation,
  });
const updateWebhook = (id: number, input: WebhookUpdateInput) =>
  api.put<{ webhook: Webhook }>(`/webhooks/${id}`, input, plain);
const deleteWebhook = (id: number) => api.delete<{ message: string }>(`/webhooks/${id}`, plain);
const sendTestEvent = (id: number) => api.post(`/webhooks/${id}/test`, undefined, plain);
const redeliver = (id: number, deliveryId: number) =>
  api.post(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, undefined, plain);

/** The secret is shown at once (it is answered only here); the list refreshes behind it. */
export const useCreateWebhook = () => useWrite(createWebhook, [webhookKeys.all], { background: true });
export const useUpdateWebhook = () =>
  useWrite(({ id, input }: { id: number; input: WebhookUpdateInput }) => updateWebhook(id, input), [webhookKeys.all]);
export const useDeleteWebhook = () => useWrite(deleteWebhook, [webhookKeys.all]);
/** A test event (and a redelivery) shows in the subscription's delivery log. */
export const useSendTestEvent = () => useWrite(sendTestEvent, (_answer, id) => [webhookKeys.one(id)]);
export const useRedeliver = (id: number) =>
  useWrite((deliveryId: number) => redeliver(id, deliveryId), [webhookKeys.one(id)]);
