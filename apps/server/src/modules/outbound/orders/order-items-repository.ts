import { formatWeight, type OrderItem } from '@wms/contract/orders';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { orderItems } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';

/** The bundle a component line was ordered as. */
const kitProducts = alias(products, 'kit_product');

/** The lines of one order with their product and verifier (spec 2 §3 Order item). */
export async function loadOrderItems(db: Executor, orderId: number, lifecycle: string): Promise<OrderItem[]> {
  const rows = await db
    .select({
      item: orderItems,
      productName: products.name,
      sku: products.sku,
      photoUrl: products.photoUrl,
      weight: products.weightLb,
      verifierName: users.name,
      kitSku: kitProducts.sku,
      kitName: kitProducts.name,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(kitProducts, eq(kitProducts.id, orderItems.kitProductId))
    .leftJoin(users, eq(users.id, orderItems.verifiedBy))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.map(({ item, productName, sku, photoUrl, weight, verifierName, kitSku, kitName }) => {
    const verified = item.verifiedQuantity >= item.quantity;
    return {
      id: item.id,
      product_id: item.productId,
      sku,
      quantity: item.quantity,
      quantity_reserved: item.quantityReserved,
      quantity_shipped: item.quantityShipped,
      quantity_short: lifecycle === 'open' ? item.quantity - item.quantityReserved : 0,
      verified_quantity: item.verifiedQuantity,
      verified,
      status: verified ? 'verified' : 'pending',
      verified_at: item.verifiedAt?.toISOString() ?? null,
      verified_by: item.verifiedBy === null ? null : { id: item.verifiedBy, name: verifierName ?? '' },
      tracking_number: item.trackingNumber,
      carrier: item.carrier,
      weight: weight ?? null,
      formatted_total_weight: formatWeight((weight ?? 0) * item.quantity),
      product: { id: item.productId, name: productName, sku, photo_url: photoUrl },
      kit:
        item.kitProductId === null || item.kitQuantity === null
          ? null
          : { product_id: item.kitProductId, sku: kitSku ?? '', name: kitName ?? '', quantity: item.kitQuantity },
    };
  });
}
