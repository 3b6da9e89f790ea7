import { randomUUID } from 'node:crypto';
import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { warehouseAccountAllows } from '../../../auth/access-gate';
import { createPollingLoop } from '../../../background/polling-loop';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { WebhookPoster } from '../../../http/webhook-post';
import { recordEvent, recordEvents } from '../../platform/activity/activity-api';
import { creatorAccess } from './creator-access';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  disableSubscriptions,
  insertAttempt,
  insertDeliveries,
  lockWaitingEvents,
  type MatchingPair,
  markFannedOut,
  markSubscriptionHealthy,
  matchingSubscriptions,
  recordSubscriptionFailure,
  settleDelivery,
  supersededEvents,
} from './dispatch-repository';
import { envelopeOf } from './envelope';
import { pruneWebhookHistory } from './retention-repository';
import { signWebhook } from './signature';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Waits after a failed attempt n (1-based): 8 attempts over about 23.6 hours, then the delivery has failed.
 * Exponential-ish like the Standard Webhooks reference schedule, without jitter: the claim's SKIP LOCKED already
 * spreads work between processes, and fixed times keep the schedule documentable and testable.
 */
export const RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 8 * HOUR, 8 * HOUR];
/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const DISABLE_AFTER_MS = 24 * HOUR;
/** inventory.changed waits this long for a newer change of the same row (coalescing), at most MAX_HOLD. */
export const COALESCE_HOLD_MS = 3 * SECOND;
const COALESCE_MAX_HOLD_MS = 30 * SECOND;
const STOP_WAIT_MS = 3 * SECOND;
const DAY = 24 * HOUR;
/** How often a dispatcher prunes history past the retention window, and how many rows of each kind per prune. */
const PRUNE_EVERY_MS = HOUR;
const PRUNE_BATCH = 5000;

export interface DispatcherOptions {
  db: Database;
  post: WebhookPoster;
  /** The dispatcher's clock: injectable so tests move through the retry schedule without waiting. */
  clock?: () => Date;
  leaseMs: number;
  batchSize?: number;
  pollMs?: number;
  /** Settled deliveries and outbox events older than this many days are pruned (EVENT_RETENTION_DAYS). */
  retentionDays?: number;
  onError?: (error: unknown) => void;
}

export interface WebhookDispatcher {
  /** One round: fan out waiting events, then claim and deliver what is due. Answers how much it did. */
  runOnce(): Promise<{ fannedOut: number; attempted: number }>;
  /** Deletes settled deliveries and delivered events past the retention window (runOnce does it once an hour). */
  prune(): Promise<{ deliveries: number; events: number }>;
  start(): void;
  /** Stops the loop and waits (at most 3 s) for the round in progress. */
  stop(): Promise<void>;
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { db, post } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 16;

  async function fanOut(): Promise<number> {
    return inTransaction(db, async (tx) => {
      const now = clock();
      const events = await lockWaitingEvents(tx, now, COALESCE_HOLD_MS, 200);
      if (events.length === 0) return 0;
      const ids = events.map((e) => e.id);
      const superseded = await supersededEvents(tx, ids, now, COALESCE_MAX_HOLD_MS);
      const deliver = events.filter((e) => !superseded.has(e.id));
      const byId = new Map(deliver.map((e) => [e.id, e]));
      const matching = await matchingSubscriptions(
        tx,
        deliver.map((e) => e.id),
      );
      const pairs = await pairsTheCreatorMaySee(tx, matching, now);
      await insertDeliveries(
        tx,
        pairs.map(({ eventId, subscriptionId }) => {
          const event = byId.get(eventId)!;
          return {
            subscriptionId,
            eventId,
            messageId: `msg_${eventId}`,
            eventType: event.type,
            body: JSON.stringify(envelopeOf(event)),
            nextAttemptAt: now,
          };
        }),
      );
      await markFannedOut(tx, ids, superseded, now);
      return events.length;
    });
  }

  /**
   * Of the matching pairs, those whose subscription's creator may still see the event (the
   * scope GET /api/events applies). A subscription whose creator's access ended is disabled with the reason, and
   * its account's owner and the admins are told (the activity event notifies them, in this transaction).
   */
  async function pairsTheCreatorMaySee(tx: Executor, matching: MatchingPair[], now: Date) {
    const origins = new Map(matching.map((p) => [p.subscriptionId, { ...p, id: p.subscriptionId }]));
    const access = await creatorAccess(tx, [...origins.values()], now);
    const ended = [...access].flatMap(([id, verdict]) => (verdict.ok ? [] : [{ id, reason: verdict.reason }]));
    const disabled = await disableSubscriptions(tx, ended, now);
    if (disabled.length > 0) {
      await recordEvents(
        tx,
        disabled.map((d) => ({
          kind: 'webhook.disabled' as const,
          payload: { url: d.url, reason: d.reason },
          actorId: null,
          subject: { type: 'webhook', id: d.id },
          warehouseIds: [],
          accountIds: d.accountId === null ? [] : [d.accountId],
        })),
      );
    }
    return matching.filter((pair) => {
      const verdict = access.get(pair.subscriptionId);
      return (
        verdict?.ok === true &&
        warehouseAccountAllows(verdict.scope, { accountId: pair.eventAccountId, warehouseId: pair.eventWarehouseId })
      );
    });
  }

  async function attempt(claim: ClaimedDelivery, token: string): Promise<void> {
    const startedAt = clock();
    const result = await post(claim.url, signWebhookHeaders(claim, startedAt), claim.body);
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299;
    await inTransaction(db, async (tx) => {
      const now = clock();
      await insertAttempt(tx, {
        deliveryId: claim.id,
        subscriptionId: claim.subscriptionId,
        attempt: claim.attempt,
        startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.body,
      });
      const wait = RETRY_SCHEDULE_MS[claim.attempt - 1];
      const settled = await settleDelivery(tx, claim.id, token, {
        status: ok ? 'succeeded' : wait === undefined ? 'failed' : 'pending',
        nextAttemptAt: ok || wait === undefined ? null : new Date(now.getTime() + wait),
        now,
      });
      if (!settled) return;
      if (ok) {
        await markSubscriptionHealthy(tx, claim.subscriptionId);
        return;
      }
      const disabled = await recordSubscriptionFailure(
        tx,
        claim.subscriptionId,
        now,
        DISABLE_AFTER_MS,
        WEBHOOK_MESSAGES.disabledAfterFailures,
      );
      // The activity event notifies the subscription's owner (notifications/notify.ts), in this transaction.
      if (disabled) {
        await recordEvent(tx, {
          kind: 'webhook.disabled',
          payload: { url: disabled.url },
          actorId: null,
          subject: { type: 'webhook', id: disabled.id },
          warehouseIds: [],
          accountIds: disabled.accountId === null ? [] : [disabled.accountId],
        });
      }
    });
  }

  const retentionMs = (options.retentionDays ?? 30) * DAY;
  let lastPruneAt = Number.NEGATIVE_INFINITY;
  async function prune() {
    lastPruneAt = clock().getTime();
    return pruneWebhookHistory(db, new Date(lastPruneAt - retentionMs), PRUNE_BATCH);
  }

  async function runOnce() {
    // Every process prunes on its own hourly clock: the deletes are idempotent, so overlapping is harmless.
    if (clock().getTime() - lastPruneAt >= PRUNE_EVERY_MS) await prune();
    const fannedOut = await fanOut();
    const token = randomUUID();
    const claims = await claimDueDeliveries(db, clock(), options.leaseMs, batchSize, token);
    await Promise.all(claims.map((claim) => attempt(claim, token)));
    return { fannedOut, attempted: claims.length };
  }

  // An attempt may wait up to its 10 s timeout; shutdown does not wait that long. An attempt cut off there is
  // safe: its lease expires and another process (or this one, restarted) delivers it again.
  const loop = createPollingLoop({
    round: async () => {
      const done = await runOnce();
      return done.fannedOut + done.attempted > 0;
    },
    pollMs: options.pollMs ?? 1000,
    stopWaitMs: STOP_WAIT_MS,
    onError: (error) => options.onError?.(error),
  });

  return {
    runOnce,
    prune,
    start: loop.start,
    stop: loop.stop,
  };
}

const signWebhookHeaders = (claim: ClaimedDelivery, at: Date) =>
  signWebhook(claim.secret, claim.messageId, at, claim.body);
