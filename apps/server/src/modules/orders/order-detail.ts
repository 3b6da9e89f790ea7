import { ORDER_MESSAGES, type OrderDetail } from '@wms/contract/orders';
import { eq } from 'drizzle-orm';
import { requireAccess } from '../../auth/access-gate';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { mergeItems } from '../../db/schema/orders';
import { notFound } from '../../http/errors';
import { listActivity } from '../activity/activity-api';
import { loadLabelViews } from '../labels/label-views';
import { loadOrderItems } from './order-items-view';
import { ORDER_RESOURCE } from './order-resource';
import { loadOrderViews } from './order-views';

/** GET /orders/{id}: the order with its lines, labels, merge item and timeline; 404 outside the caller's scope. */
export async function getOrderDetail(db: Executor, scope: Scope, id: number): Promise<OrderDetail> {
  await requireAccess(db, scope, ORDER_RESOURCE, id);
  const order = (await loadOrderViews(db, [id])).get(id);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const [items, labels, merge, timeline] = await Promise.all([
    loadOrderItems(db, id, order.lifecycle),
    loadLabelViews(db, [id]),
    order.merge_item_id === null
      ? Promise.resolve([])
      : db
          .select({ id: mergeItems.id, title: mergeItems.title })
          .from(mergeItems)
          .where(eq(mergeItems.id, order.merge_item_id)),
    listActivity(db, scope, { subject: { type: 'order', id }, limit: 50 }),
  ]);
  return {
    ...order,
    order_items: items,
    shipment_labels: labels,
    merge_item: merge[0] ?? null,
    timeline: timeline.map((t) => ({
      id: t.id,
      kind: t.kind,
      title: t.title,
      description: t.description,
      icon: t.icon,
      color: t.color,
      actor: t.actor,
      time: t.time,
    })),
  };
}
