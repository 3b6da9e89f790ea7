import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../../db/schema/webhooks';

const subscriptionColumns = {
  id: webhookSubscriptions.id,
  accountId: webhookSubscriptions.accountId,
  accountName: accounts.name,
  url: webhookSubscriptions.url,
  events: webhookSubscriptions.events,
  description: webhookSubscriptions.description,
  enabled: webhookSubscriptions.enabled,
  disabledReason: webhookSubscriptions.disabledReason,
  failingSince: webhookSubscriptions.failingSince,
  createdAt: webhookSubscriptions.createdAt,
};
export type SubscriptionRow = {
  id: number;
  accountId: number | null;
  accountName: string | null;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
};

export async function findSubscriptions(db: Executor, where: SQL | undefined): Promise<SubscriptionRow[]> {
  return db
    .select(subscriptionColumns)
    .from(webhookSubscriptions)
    .leftJoin(accounts, eq(accounts.id, webhookSubscriptions.accountId))
    .where(where)
    .orderBy(desc(webhookSubscriptions.id));
}

export async function findSubscriptionById(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  return (await findSubscriptions(db, eq(webhookSubscriptions.id, id)))[0];
}

export async function insertSubscription(
  db: Executor,
  values: typeof webhookSubscriptions.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning({ id: webhookSubscriptions.id });
  return row!.id;
}

/** Writes carry the scope in their WHERE and report whether a row changed (DESIGN §4). */
export async function updateSubscription(
  db: Executor,
  id: number,
  scopeCondition: SQL | undefined,
  values: Partial<typeof webhookSubscriptions.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(webhookSubscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhookSubscriptions.id, id), scopeCondition))
    .returning({ id: webhookSubscriptions.id });
  return rows.length === 1;
}

export async function deleteSubscription(db: Executor, id: number, scopeCondition: SQL | undefined) {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), scopeCondition))
    .returning({ id: webhookSubscriptions.id });
  return rows.length === 1;
}

/** The delivery log: every attempt, newest first, with its delivery's event and status. */
export async function findAttempts(db: Executor, subscriptionId: number, page: number, perPage: number) {
  const where = eq(webhookAttempts.subscriptionId, subscriptionId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: webhookAttempts.id,
        deliveryId: webhookAttempts.deliveryId,
        eventType: webhookDeliveries.eventType,
        messageId: webhookDeliveries.messageId,
        attempt: webhookAttempts.attempt,
        startedAt: webhookAttempts.startedAt,
        statusCode: webhookAttempts.statusCode,
        durationMs: webhookAttempts.durationMs,
        error: webhookAttempts.error,
        responseBody: webhookAttempts.responseBody,
        deliveryStatus: webhookDeliveries.status,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(where)
      .orderBy(desc(webhookAttempts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(webhookAttempts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Queues a delivery again from its first attempt, with the same webhook-id (a receiver dedupes on it). */
export async function requeueDelivery(db: Executor, subscriptionId: number, deliveryId: number) {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      leaseUntil: null,
      leaseToken: null,
      firstAttemptAt: null,
      completedAt: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
    .returning({ id: webhookDeliveries.id, messageId: webhookDeliveries.messageId, status: webhookDeliveries.status });
  return rows[0];
}

export async function insertTestDelivery(
  db: Executor,
  values: { subscriptionId: number; messageId: string; eventType: string; body: string },
) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...values, nextAttemptAt: sql`now()` })
    .returning({ id: webhookDeliveries.id, messageId: webhookDeliveries.messageId, status: webhookDeliveries.status });
  return row!;
}

/** Outbox events after a cursor (their id), oldest first, within the caller's scope. */
export async function findEventsAfter(
  db: Executor,
  after: number,
  scopeCondition: SQL | undefined,
  filter: { accountId?: number; limit: number },
) {
  return db
    .select({
      id: webhookEvents.id,
      type: webhookEvents.type,
      accountId: webhookEvents.accountId,
      warehouseId: webhookEvents.warehouseId,
      payload: webhookEvents.payload,
      createdAt: webhookEvents.createdAt,
    })
    .from(webhookEvents)
    .where(
      and(
        gt(webhookEvents.id, after),
        scopeCondition,
        filter.accountId === undefined ? undefined : eq(webhookEvents.accountId, filter.accountId),
      ),
    )
    .orderBy(webhookEvents.id)
    .limit(filter.limit);
}
