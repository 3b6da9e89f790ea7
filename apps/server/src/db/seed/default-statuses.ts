import { DEFAULT_ORDER_STATUSES } from '@wms/contract/order-lifecycle';
import { count } from 'drizzle-orm';
import type { Executor } from '../client';
import { statuses, statusModules } from '../schema/statuses';

/**
 * The order statuses of spec 2 §4, assigned to the orders module, on a database that has no statuses yet (so a
 * renamed or removed status is never brought back by a restart). The four the rules depend on carry a system key.
 */
export async function ensureDefaultStatuses(db: Executor): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(statuses);
  if ((existing?.n ?? 0) > 0) return;
  const created = await db
    .insert(statuses)
    .values(
      DEFAULT_ORDER_STATUSES.map((status, index) => ({
        name: status.name,
        color: status.color,
        audience: status.audience,
        lifecycle: status.lifecycle,
        systemKey: status.systemKey ?? null,
        sortOrder: index,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: statuses.id });
  if (created.length) await db.insert(statusModules).values(created.map((s) => ({ statusId: s.id, module: 'orders' })));
}
