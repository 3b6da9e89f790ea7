import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { and, isNotNull, type SQL } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { accountCondition, warehouseAccountScope } from '../../../auth/scope-repository';
import { webhookEvents, webhookSubscriptions } from '../../../db/schema/webhooks';

/**
 * Subscriptions a caller reaches: admins all (including those for every account); anyone else only those of an
 * account in their scope (a client's own accounts), never one for every account.
 */
export const webhookScopeCondition = (scope: Scope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : and(isNotNull(webhookSubscriptions.accountId), accountCondition(scope, webhookSubscriptions.accountId));

export const webhookResource: ScopedResource = {
  table: webhookSubscriptions,
  id: webhookSubscriptions.id,
  scopeCondition: webhookScopeCondition,
  notFoundMessage: WEBHOOK_MESSAGES.notFound,
};

/** Outbox events a caller may list (GET /api/events): the rows of their accounts, in their warehouses. */
export const eventScopeCondition = (scope: Scope): SQL | undefined =>
  warehouseAccountScope(scope, { warehouseId: webhookEvents.warehouseId, accountId: webhookEvents.accountId });
