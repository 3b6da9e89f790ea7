import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { inventories, inventoryMovements } from '../../src/db/schema/inventory';
import { orderItems } from '../../src/db/schema/orders';
import { inTransaction } from '../../src/db/transaction';
import { createOrders, mergeLines } from '../../src/modules/outbound/order-creation/create-orders';
import { createInventory, createProduct } from './catalogue';
import type { TestContext } from './test-app';

let counter = 0;

/**
 * An order created through the API's creation path (createOrders: the checks and writes of POST /orders/bulk) with
 * every scope, without a request (the order is not what these tests are about). Pending; lines of one product
 * are added up.
 */
export async function createOrder(
  ctx: TestContext,
  input: {
    accountId: number;
    warehouseId: number;
    lines: { productId: number; quantity: number }[];
    userId?: number;
    customerName?: string;
  },
): Promise<{ id: number; orderNumber: string }> {
  counter++;
  const order = {
    accountId: input.accountId,
    warehouseId: input.warehouseId,
    shipperId: null,
    customerName: input.customerName ?? `Customer ${counter}`,
    shipDate: null,
    externalOrderId: `EXT-${counter}-${Date.now().toString(36)}`,
    notes: null,
    lines: mergeLines(input.lines),
  };
  const userId = input.userId ?? ctx.world.users.admin.id;
  const { data } = await inTransaction(ctx.handle.db, (tx) => createOrders(tx, { userId }, { kind: 'all' }, [order]));
  return { id: data[0]!.id, orderNumber: data[0]!.order_number };
}

/** A product with stock in a warehouse and account: answers product, SKU and inventory ids. */
export async function stockedProduct(
  ctx: TestContext,
  accountId: number,
  warehouseId: number,
  onHand: number,
  fields: Record<string, unknown> = {},
) {
  const product = await createProduct(ctx, accountId, fields);
  const inventory = await createInventory(ctx, { productId: product.id, warehouseId, accountId, onHand });
  return { productId: product.id, sku: product.sku, inventoryId: inventory.id };
}

/** An order of `quantity` units of a fresh stocked product (on hand `onHand`). */
export async function orderWithStock(
  ctx: TestContext,
  accountId: number,
  warehouseId: number,
  options: { onHand?: number; quantity?: number } = {},
) {
  const stock = await stockedProduct(ctx, accountId, warehouseId, options.onHand ?? 10);
  const order = await createOrder(ctx, {
    accountId,
    warehouseId,
    lines: [{ productId: stock.productId, quantity: options.quantity ?? 3 }],
  });
  return { ...stock, ...order };
}

export async function inventoryOf(ctx: TestContext, inventoryId: number) {
  const [row] = await ctx.handle.db.select().from(inventories).where(eq(inventories.id, inventoryId));
  return { onHand: row!.quantityOnHand, reserved: row!.quantityReserved };
}

/** DESIGN §6: the quantities of every inventory row equal the sums of its ledger. */
export async function expectLedgerMatchesQuantities(ctx: TestContext) {
  const result = (await ctx.handle.db.execute(sql`
    select i.id from ${inventories} i
    left join (select inventory_id, sum(on_hand_delta) as on_hand, sum(reserved_delta) as reserved
      from ${inventoryMovements} group by inventory_id) m on m.inventory_id = i.id
    where i.quantity_on_hand <> coalesce(m.on_hand, 0) or i.quantity_reserved <> coalesce(m.reserved, 0)`)) as unknown as {
    rows: unknown[];
  };
  expect(result.rows).toEqual([]);
}

/** Verifies every unit of every line (what a manager does before shipping), directly in the database. */
export async function verifyAllItems(ctx: TestContext, orderId: number) {
  await ctx.handle.db
    .update(orderItems)
    .set({ verifiedQuantity: sql`${orderItems.quantity}` })
    .where(eq(orderItems.orderId, orderId));
}

/** Movements of one type referencing an order. */
export async function movementsOf(ctx: TestContext, orderId: number, type: string) {
  return ctx.handle.db
    .select()
    .from(inventoryMovements)
    .where(
      sql`${inventoryMovements.referenceType} = 'order' and ${inventoryMovements.referenceId} = ${orderId} and ${inventoryMovements.type} = ${type}`,
    );
}

/** A small valid PDF (pdf-lib), with `pages` pages. */
export async function samplePdf(pages = 1): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}
