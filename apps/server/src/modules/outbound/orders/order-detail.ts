import { ORDER_MESSAGES, type OrderDetail } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { listActivity } from '../../platform/activity/activity-api';
import { loadOrderItems } from './order-items-repository';
import { loadLabelViews } from './order-labels-repository';
import { ORDER_RESOURCE } from './order-scope';
import { loadOrderViews } from './order-views-repository';
import { findMergeItemSummary } from './orders-repository';

/** GET /orders/{id}: the order with its lines, labels, merge item and timeline; 404 outside the caller's scope. */
export async function getOrderDetail(db: Executor, scope: Scope, id: number): Promise<OrderDetail> {
  await requireAccess(db, scope, ORDER_RESOURCE, id);
  const order = (await loadOrderViews(db, [id])).get(id);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const [items, labels, merge, timeline] = await Promise.all([
    loadOrderItems(db, id, order.lifecycle),
    loadLabelViews(db, [id]),
    order.merge_item_id === null ? Promise.resolve(null) : findMergeItemSummary(db, order.merge_item_id),
    listActivity(db, scope, { subject: { type: 'order', id }, limit: 50 }),
  ]);
  return {
    ...order,
    order_items: items,
    shipment_labels: labels,
    merge_item: merge,
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
