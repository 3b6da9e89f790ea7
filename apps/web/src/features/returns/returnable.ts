import type { OrderItem } from '@wms/contract/orders';
import type { Return } from '@wms/contract/returns';

/**
 * What each order line can still be returned: shipped minus what its earlier returns (not cancelled) announced.
 * The server checks the same under a lock; this only keeps the form from offering more.
 */
export function returnableByItem(items: readonly OrderItem[], earlier: readonly Return[]): Map<number, number> {
  const taken = new Map<number, number>();
  for (const ret of earlier) {
    if (ret.status === 'cancelled') continue;
    for (const line of ret.lines) {
      if (line.order_item_id === null) continue;
      taken.set(line.order_item_id, (taken.get(line.order_item_id) ?? 0) + line.quantity);
    }
  }
  return new Map(items.map((item) => [item.id, Math.max(0, item.quantity_shipped - (taken.get(item.id) ?? 0))]));
}
