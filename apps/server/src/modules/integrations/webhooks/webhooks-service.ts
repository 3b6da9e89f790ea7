import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookAttempt,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '@wms/contract/webhooks';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { checkOutboundUrl, type OutboundUrlPolicy } from '../../../http/outbound-url';
import { accountResource } from '../../catalogue/accounts/accounts-api';
import { envelopeOf } from './envelope';
import { newWebhookSecret } from './signature';
import { eventScopeCondition, webhookResource, webhookScopeCondition } from './webhook-scope';
import {
  deleteSubscription,
  findAttempts,
  findEventsAfter,
  findSubscriptionById,
  findSubscriptions,
  insertSubscription,
  insertTestDelivery,
  requeueDelivery,
  type SubscriptionRow,
  updateSubscription,
} from './webhooks-repository';

const viewOf = (row: SubscriptionRow): Webhook => ({
  id: row.id,
  account_id: row.accountId,
  account_name: row.accountName,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  failing_since: row.failingSince ? new Date(row.failingSince).toISOString() : null,
  created_at: new Date(row.createdAt).toISOString(),
});

const URL_REFUSALS = {
  invalid: WEBHOOK_MESSAGES.urlInvalid,
  unresolvable: WEBHOOK_MESSAGES.urlUnresolvable,
  not_https: WEBHOOK_MESSAGES.urlNotHttps,
  not_public: WEBHOOK_MESSAGES.urlNotPublic,
} as const;

/** The outbound-address guard at the door: a URL that could never be delivered to is refused with a field error. */
async function requireDeliverableUrl(url: string, policy: OutboundUrlPolicy): Promise<void> {
  const checked = await checkOutboundUrl(url, policy);
  if (!checked.ok) throw fieldError('url', URL_REFUSALS[checked.reason]);
}

export async function listWebhooks(db: Executor, auth: RequestAuth, accountId?: number): Promise<Webhook[]> {
  const scope = await auth.scope();
  const rows = await findSubscriptions(db, webhookScopeCondition(scope));
  return rows.filter((r) => accountId === undefined || r.accountId === accountId).map(viewOf);
}

export async function getWebhook(db: Executor, auth: RequestAuth, id: number): Promise<Webhook> {
  const scope = await auth.scope();
  await requireAccess(db, scope, webhookResource, id);
  const row = await findSubscriptionById(db, id);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return viewOf(row);
}

/** A subscription for one account in the caller's scope, or (admins only) for every account. */
export async function createWebhook(
  db: Executor,
  auth: RequestAuth,
  input: WebhookCreateInput,
  policy: OutboundUrlPolicy,
): Promise<{ webhook: Webhook; secret: string }> {
  const scope = await auth.scope();
  if (input.account_id === null) {
    if (scope.kind !== 'all') throw fieldError('account_id', WEBHOOK_MESSAGES.accountRequired);
  } else {
    await requireAccess(db, scope, accountResource, input.account_id);
  }
  await requireDeliverableUrl(input.url, policy);
  const secret = newWebhookSecret();
  const id = await insertSubscription(db, {
    accountId: input.account_id,
    url: input.url,
    events: input.events,
    description: input.description ?? null,
    secret,
    createdBy: auth.user.id,
    // Made with an API key, it delivers only while that key is live.
    createdByApiKeyId: auth.apiKey?.id ?? null,
  });
  return { webhook: await getWebhook(db, auth, id), secret };
}

export async function updateWebhook(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: WebhookUpdateInput,
  policy: OutboundUrlPolicy,
): Promise<Webhook> {
  const scope = await auth.scope();
  await requireAccess(db, scope, webhookResource, id);
  await requireDeliverableUrl(input.url, policy);
  const before = await getWebhook(db, auth, id);
  const changed = await updateSubscription(db, id, webhookScopeCondition(scope), {
    url: input.url,
    events: input.events,
    description: input.description ?? null,
    enabled: input.enabled,
    // Enabling again starts afresh: the day of failures that disabled it is forgiven.
    ...(input.enabled ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
    // Whoever enables a disabled one answers for it from now on: its deliveries follow their access.
    ...(input.enabled && !before.enabled
      ? { createdBy: auth.user.id, createdByApiKeyId: auth.apiKey?.id ?? null }
      : {}),
  });
  if (!changed) throw notFound(WEBHOOK_MESSAGES.notFound);
  return getWebhook(db, auth, id);
}

export async function removeWebhook(db: Executor, auth: RequestAuth, id: number): Promise<void> {
  const scope = await auth.scope();
  await requireAccess(db, scope, webhookResource, id);
  if (!(await deleteSubscription(db, id, webhookScopeCondition(scope)))) throw notFound(WEBHOOK_MESSAGES.notFound);
}

/** "Send test event": a webhook.test delivery through the same queue, signature and retries as real events. */
export async function sendTestEvent(db: Executor, auth: RequestAuth, id: number) {
  const webhook = await getWebhook(db, auth, id);
  if (!webhook.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
  const body = envelopeOf({
    id: 0,
    type: WEBHOOK_TEST_EVENT,
    createdAt: new Date(),
    payload: { webhook_id: webhook.id, message: 'This is a test event from WMS.' },
  });
  const messageId = `msg_test_${randomUUID()}`;
  return insertTestDelivery(db, {
    subscriptionId: id,
    messageId,
    eventType: WEBHOOK_TEST_EVENT,
    body: JSON.stringify({ ...body, id: messageId.replace(/^msg_/, 'evt_') }),
  });
}

export async function redeliver(db: Executor, auth: RequestAuth, id: number, deliveryId: number) {
  const webhook = await getWebhook(db, auth, id);
  if (!webhook.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
  const delivery = await requeueDelivery(db, id, deliveryId);
  if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return delivery;
}

export async function deliveryLog(
  db: Executor,
  auth: RequestAuth,
  id: number,
  page: number,
  perPage: number,
): Promise<{ data: WebhookAttempt[]; total: number }> {
  await getWebhook(db, auth, id);
  const { rows, total } = await findAttempts(db, id, page, perPage);
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      delivery_id: r.deliveryId,
      event_type: r.eventType,
      message_id: r.messageId,
      attempt: r.attempt,
      time: new Date(r.startedAt).toISOString(),
      status_code: r.statusCode,
      duration_ms: r.durationMs,
      error: r.error,
      response_body: r.responseBody,
      delivery_status: r.deliveryStatus as WebhookAttempt['delivery_status'],
    })),
  };
}

/** GET /api/events: the account's events after a cursor, for reconciliation with what the webhooks delivered. */
export async function listEvents(
  db: Executor,
  auth: RequestAuth,
  query: { after?: string; account_id?: number; limit: number },
) {
  const scope = await auth.scope();
  const rows = await findEventsAfter(db, Number(query.after ?? 0), eventScopeCondition(scope), {
    accountId: query.account_id,
    limit: query.limit,
  });
  const data = rows.map((row) => ({
    ...envelopeOf(row),
    cursor: String(row.id),
    account_id: row.accountId,
    warehouse_id: row.warehouseId,
  }));
  // Where to go on from: the last event listed, or the same cursor when nothing new has happened yet.
  return { data, next_cursor: data.at(-1)?.cursor ?? query.after ?? null };
}
