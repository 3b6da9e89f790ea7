import type { OrderItem } from '@wms/contract/orders';

export type OrderItemGroup =
  | { type: 'line'; item: OrderItem }
  | { type: 'bundle'; kit: NonNullable<OrderItem['kit']>; items: OrderItem[] };

/**
 * The order's lines as the detail shows them: a bundle's component lines (each carries `kit`) gathered under their
 * bundle, at the place of its first line; every other line on its own. Two lines of the same bundle ordered in
 * different quantities stay two groups.
 */
export function groupOrderItems(items: readonly OrderItem[]): OrderItemGroup[] {
  const groups: OrderItemGroup[] = [];
  const bundles = new Map<string, Extract<OrderItemGroup, { type: 'bundle' }>>();
  for (const item of items) {
    if (item.kit === null) {
      groups.push({ type: 'line', item });
      continue;
    }
    const key = `${item.kit.product_id}:${item.kit.quantity}`;
    const group = bundles.get(key);
    if (group) {
      group.items.push(item);
    } else {
      const created = { type: 'bundle' as const, kit: item.kit, items: [item] };
      bundles.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** "Gift set ×2: Candle ×2, Mug ×4" — the bundle, then its component lines' quantities. */
export const bundleSummary = (group: Extract<OrderItemGroup, { type: 'bundle' }>) =>
  `${group.kit.name} ×${group.kit.quantity}: ${group.items.map((item) => `${item.product.name} ×${item.quantity}`).join(', ')}`;
