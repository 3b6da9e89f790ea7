import { type BackorderItem, type InventoryWarning, ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';

/** A line just placed, with what the reservation gave it. */
export interface PlacedLine {
  order: { id: number; orderNumber: string; externalOrderId: string };
  productId: number;
  quantity: number;
  /** null: the product had no stock row in the order's warehouse and account. */
  inventoryId: number | null;
  reservation: { reserved: number; short: number; availableBefore: number };
}

/**
 * The create answer's backorder items and inventory warnings: one of each per line placed short, in line order.
 * Pure, so the texts and figures are unit-tested (test/order-shortfalls.test.ts).
 */
export function reportShortfalls(
  lines: readonly PlacedLine[],
  products: ReadonlyMap<number, { sku: string; name: string }>,
): { backorders: BackorderItem[]; warnings: InventoryWarning[] } {
  const backorders: BackorderItem[] = [];
  const warnings: InventoryWarning[] = [];
  for (const line of lines) {
    const { reserved, short, availableBefore } = line.reservation;
    if (short === 0) continue;
    const product = products.get(line.productId)!;
    const { orderNumber } = line.order;
    backorders.push({
      order_id: line.order.id,
      order_number: orderNumber,
      external_order_id: line.order.externalOrderId,
      product_id: line.productId,
      sku: product.sku,
      product_name: product.name,
      quantity_ordered: line.quantity,
      quantity_reserved: reserved,
      quantity_backordered: short,
    });
    warnings.push({
      order_number: orderNumber,
      sku: product.sku,
      available: availableBefore,
      requested: line.quantity,
      message:
        line.inventoryId === null
          ? M.shortNoInventory(orderNumber, product.sku, short)
          : M.shortAvailable(orderNumber, product.sku, availableBefore, line.quantity, short),
    });
  }
  return { backorders, warnings };
}
