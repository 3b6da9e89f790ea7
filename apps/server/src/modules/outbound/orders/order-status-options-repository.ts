import type { User } from '@wms/contract/entities';
import type { OrderLifecycle, StatusAudience } from '@wms/contract/order-lifecycle';
import type { OrderStatusOption } from '@wms/contract/orders';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { statuses, statusModules } from '../../../db/schema/statuses';

/**
 * Spec 2 §4: clients see only client statuses, managers only manager ones, other roles all. Statuses marked `all`
 * are offered to everyone (the shared ones: cancelled, Packed…). Decided on the server, never by the web app.
 */
export function audiencesFor(user: User): StatusAudience[] | undefined {
  if (user.role === 'client') return ['all', 'client'];
  if (user.role === 'manager') return ['all', 'manager'];
  return undefined;
}

/** Active statuses of the orders module the caller may set, in the selector's order. */
export async function listOrderStatusOptions(
  db: Executor,
  user: User,
  filter: { lifecycle?: OrderLifecycle } = {},
): Promise<OrderStatusOption[]> {
  const audiences = audiencesFor(user);
  const conditions: (SQL | undefined)[] = [
    eq(statuses.isActive, true),
    sql`exists (select 1 from ${statusModules} m where m.status_id = ${statuses.id} and m.module = 'orders')`,
    audiences ? inArray(statuses.audience, audiences) : undefined,
    filter.lifecycle ? eq(statuses.lifecycle, filter.lifecycle) : undefined,
  ];
  const rows = await db
    .select()
    .from(statuses)
    .where(and(...conditions))
    .orderBy(asc(statuses.sortOrder), asc(statuses.id));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    value: s.name,
    color: s.color,
    lifecycle: s.lifecycle,
    audience: s.audience,
    system_key: s.systemKey,
    sort_order: s.sortOrder,
  }));
}
