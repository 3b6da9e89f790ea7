import type { User } from '@wms/contract/entities';
import { ORDER_MESSAGES } from '@wms/contract/orders';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { statuses, statusModules } from '../../db/schema/statuses';
import { fieldError } from '../../http/errors';
import type { StatusRow } from './order-row';
import { audiencesFor } from './order-status-options';

/**
 * The status an order may be set to: one of the orders module's active statuses (by id or by name,
 * case-insensitive), offered to the caller's audience (a client cannot set a manager status by calling the API).
 */
export async function resolveTargetStatus(db: Executor, user: User, value: string | number): Promise<StatusRow> {
  const byValue =
    typeof value === 'number' ? eq(statuses.id, value) : sql`lower(${statuses.name}) = ${value.trim().toLowerCase()}`;
  const [status] = await db
    .select()
    .from(statuses)
    .where(
      and(
        byValue,
        eq(statuses.isActive, true),
        sql`exists (select 1 from ${statusModules} m where m.status_id = ${statuses.id} and m.module = 'orders')`,
      ),
    )
    .limit(1);
  if (!status) throw fieldError('status', ORDER_MESSAGES.statusUnknown);
  const audiences = audiencesFor(user);
  if (audiences && !audiences.includes(status.audience)) throw fieldError('status', ORDER_MESSAGES.statusNotForYou);
  return status;
}
