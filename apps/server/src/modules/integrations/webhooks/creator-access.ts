import type { Permission } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { liveApiKeys } from '../../../auth/api-key-auth';
import { narrowScopesToAccounts, resolveScopes, type Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { loadUserViewsById } from '../../platform/users/users-api';

/** The permission a subscription's creator must still hold: the one that lists the same events (GET /api/events). */
const DELIVERY_PERMISSION: Permission = 'view webhooks';

export interface SubscriptionOrigin {
  id: number;
  /** Null: every account (admins only). */
  accountId: number | null;
  createdBy: number | null;
  createdByApiKeyId: number | null;
}

/**
 * What a subscription may still receive: its creator's scope now (narrowed to the key's account when it was made
 * with an API key, as a request with that key would be), or why it must stop.
 */
export type CreatorAccess = { ok: true; scope: Scope } | { ok: false; reason: string };

/**
 * A subscription delivers only while whoever made it could still list those events themselves. The
 * creators, keys, scopes and account links of a whole fan-out round are read in a few queries, never one per
 * subscription or per event.
 */
export async function creatorAccess(
  db: Executor,
  subscriptions: readonly SubscriptionOrigin[],
  now: Date,
): Promise<Map<number, CreatorAccess>> {
  const distinct = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
  const [users, keys] = await Promise.all([
    loadUserViewsById(db, distinct(subscriptions.map((s) => s.createdBy))),
    liveApiKeys(db, distinct(subscriptions.map((s) => s.createdByApiKeyId)), now),
  ]);
  const usersById = new Map(users.map((u) => [u.id, u]));
  const scopes = await resolveScopes(db, users);

  const verdicts = new Map<number, CreatorAccess>();
  const candidates: { subscription: SubscriptionOrigin; user: User; keyAccountId: number | null }[] = [];
  for (const subscription of subscriptions) {
    const user = subscription.createdBy === null ? undefined : usersById.get(subscription.createdBy);
    if (!user) {
      verdicts.set(subscription.id, { ok: false, reason: WEBHOOK_MESSAGES.disabledCreatorDeleted });
      continue;
    }
    const key = subscription.createdByApiKeyId === null ? null : keys.get(subscription.createdByApiKeyId);
    if (key === undefined || (key && key.userId !== user.id)) {
      verdicts.set(subscription.id, { ok: false, reason: WEBHOOK_MESSAGES.disabledApiKeyRevoked });
      continue;
    }
    // A key holds only the permissions both it and its creator hold (auth/plugin.ts).
    const holds =
      user.permissions.includes(DELIVERY_PERMISSION) && (!key || key.permissions.includes(DELIVERY_PERMISSION));
    if (!holds) {
      verdicts.set(subscription.id, { ok: false, reason: WEBHOOK_MESSAGES.disabledCreatorLostPermission });
      continue;
    }
    candidates.push({ subscription, user, keyAccountId: key?.accountId ?? null });
  }

  // The creator's scope as a request would have it: narrowed to the key's account for a key limited to one.
  const keyed = candidates.filter((c) => c.keyAccountId !== null);
  const keyScopes = await narrowScopesToAccounts(
    db,
    keyed.map((c) => ({ scope: scopes.get(c.user.id)!, accountId: c.keyAccountId! })),
  );
  const effective = new Map(keyed.map((c, i) => [c.subscription.id, keyScopes[i]!]));
  const scopeOf = (c: (typeof candidates)[number]) => effective.get(c.subscription.id) ?? scopes.get(c.user.id)!;

  // Does that scope still reach the subscription's account? Narrowing to it reaches nothing when it does not.
  const forAccount = candidates.filter((c) => c.subscription.accountId !== null);
  const reached = await narrowScopesToAccounts(
    db,
    forAccount.map((c) => ({ scope: scopeOf(c), accountId: c.subscription.accountId! })),
  );
  const reaches = new Map(forAccount.map((c, i) => [c.subscription.id, reachesAny(reached[i]!)]));
  for (const c of candidates) {
    const scope = scopeOf(c);
    const ok = c.subscription.accountId === null ? scope.kind === 'all' : reaches.get(c.subscription.id) === true;
    verdicts.set(c.subscription.id, ok ? { ok, scope } : { ok, reason: WEBHOOK_MESSAGES.disabledCreatorLostAccess });
  }
  return verdicts;
}

const reachesAny = (scope: Scope) => scope.kind !== 'accounts' || scope.accountIds.length > 0;
