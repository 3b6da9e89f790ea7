import { buildSscc } from '@wms/contract/gs1';
import { and, eq } from 'drizzle-orm';
import { inventoryLots } from '../../src/db/schema/location-stock';
import { orderItems } from '../../src/db/schema/orders';
import { cartonItems, cartons, cartonTypes } from '../../src/db/schema/packing';
import { createOrder, stockedProduct } from './orders';
import type { TestContext } from './test-app';

let serial = 1000;

/** The warehouse's Custom carton type (the test world inserts warehouses directly, so it may not have one yet). */
async function customType(ctx: TestContext, warehouseId: number): Promise<number> {
  const [found] = await ctx.handle.db
    .select({ id: cartonTypes.id })
    .from(cartonTypes)
    .where(and(eq(cartonTypes.warehouseId, warehouseId), eq(cartonTypes.isCustom, true)));
  if (found) return found.id;
  const [row] = await ctx.handle.db
    .insert(cartonTypes)
    .values({ warehouseId, name: 'Custom', isCustom: true })
    .returning({ id: cartonTypes.id });
  return row!.id;
}

/**
 * A carton of an order as the packing flow leaves it, written directly (the documents only read cartons): open
 * when `sscc` is null, else closed with that SSCC and a weight. Answers its id.
 */
export async function addCarton(
  ctx: TestContext,
  orderId: number,
  warehouseId: number,
  sscc: string | null,
  items: { orderItemId: number; quantity: number; lotId?: number | null }[] = [],
): Promise<number> {
  const existing = await ctx.handle.db.select({ id: cartons.id }).from(cartons).where(eq(cartons.orderId, orderId));
  const [carton] = await ctx.handle.db
    .insert(cartons)
    .values({
      orderId,
      number: existing.length + 1,
      cartonTypeId: await customType(ctx, warehouseId),
      lengthMm: 300,
      widthMm: 200,
      heightMm: 150,
      weightG: sscc ? 1250 : null,
      status: sscc ? 'closed' : 'open',
      sscc,
      closedAt: sscc ? new Date() : null,
    })
    .returning({ id: cartons.id });
  if (items.length > 0) {
    await ctx.handle.db
      .insert(cartonItems)
      .values(items.map((item) => ({ cartonId: carton!.id, ...item, lotId: item.lotId ?? null })));
  }
  return carton!.id;
}

/**
 * An order of two products (3 and 2 units, the second lot-tracked with lot LOT-A) packed into two closed cartons:
 * carton 1 holds the first line, carton 2 the second. SSCCs are real (check digit computed), distinct per call.
 */
export async function closedCartonOrder(ctx: TestContext, accountId: number, warehouseId: number) {
  const first = await stockedProduct(ctx, accountId, warehouseId, 10, { name: 'Blue widget' });
  const second = await stockedProduct(ctx, accountId, warehouseId, 10, { name: 'Red gadget' });
  const order = await createOrder(ctx, {
    accountId,
    warehouseId,
    customerName: 'Jane Customer',
    lines: [
      { productId: first.productId, quantity: 3 },
      { productId: second.productId, quantity: 2 },
    ],
  });
  const lines = await ctx.handle.db
    .select({ id: orderItems.id, productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const lineOf = (productId: number) => lines.find((l) => l.productId === productId)!.id;
  const [lot] = await ctx.handle.db
    .insert(inventoryLots)
    .values({ productId: second.productId, lotCode: `LOT-A-${serial}` })
    .returning({ id: inventoryLots.id, code: inventoryLots.lotCode });
  const ssccs = [buildSscc(0, '0614141', serial++), buildSscc(0, '0614141', serial++)];
  const ids = [
    await addCarton(ctx, order.id, warehouseId, ssccs[0]!, [{ orderItemId: lineOf(first.productId), quantity: 3 }]),
    await addCarton(ctx, order.id, warehouseId, ssccs[1]!, [
      { orderItemId: lineOf(second.productId), quantity: 2, lotId: lot!.id },
    ]),
  ];
  return {
    order,
    skus: [first.sku, second.sku],
    lot: lot!.code,
    cartons: ids.map((id, i) => ({ id, sscc: ssccs[i]! })),
  };
}
