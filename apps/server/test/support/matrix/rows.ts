import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { roles } from '../../../src/db/schema/access';
import type { Caller } from '../authorization-matrix';
import { createInventory, createProduct } from '../catalogue';
import type { TestContext } from '../test-app';
import { ACTORS } from '../world';
import { type OrderMatrixRows, seedOrderMatrixRows } from './order-rows';

/**
 * Real rows the matrix acts on, so a caller outside their scope meets someone else's existing id (404) rather than
 * a missing one, which would answer 404 whatever the scope check does. They belong to the Alpha client, next to
 * whom the neighbour client (same warehouse) and Beta's manager and client must all be refused.
 *
 * Writes are chosen to leave the rows as they were: a PUT repeats the current values, a delete is refused for a
 * reason checked after scope (stock or reservations), an adjustment is refused by the ledger.
 */
export interface MatrixRows {
  product: { id: number; sku: string; name: string };
  /** The Alpha client's stock of `product` in Alpha: 5 on hand, 1 reserved, unverified. */
  inventory: { id: number; onHand: number; reserved: number };
  shipper: { id: number; name: string; code: string };
  /** One unused shipper per caller for DELETE: a caller allowed to delete really removes their own. */
  shipperToDelete: Record<Caller, number>;
  superAdminRole: number;
  /** The Alpha client's orders (orders area). */
  orders: OrderMatrixRows;
  /** An open inquiry the Alpha client raised about their active account, assigned to Alpha's manager. */
  inquiry: { id: number };
}

export async function seedMatrixRows(ctx: TestContext): Promise<MatrixRows> {
  const { alpha } = ctx.world.warehouses;
  const { clientActive } = ctx.world.accounts;
  const product = await createProduct(ctx, clientActive, { name: 'Matrix mug' });
  const inventory = await createInventory(ctx, {
    productId: product.id,
    warehouseId: alpha,
    accountId: clientActive,
    onHand: 5,
    reserved: 1,
  });
  const shipper = await createShipper(ctx, 'Matrix Freight', 'MTXF');
  const shipperToDelete = Object.fromEntries(
    await Promise.all(
      ['anonymous', ...ACTORS].map(async (caller, n) => [
        caller,
        await createShipper(ctx, `Matrix Doomed ${n}`, `MTXD${n}`),
      ]),
    ),
  ) as Record<Caller, number>;
  const [superAdminRole] = await ctx.handle.db.select().from(roles).where(eq(roles.name, 'super-admin'));
  return {
    product: { id: product.id, sku: product.sku, name: 'Matrix mug' },
    inventory: { id: inventory.id, onHand: 5, reserved: 1 },
    shipper: { id: shipper, name: 'Matrix Freight', code: 'MTXF' },
    shipperToDelete,
    superAdminRole: superAdminRole!.id,
    orders: await seedOrderMatrixRows(ctx),
    inquiry: await seedInquiry(ctx),
  };
}

async function createShipper(ctx: TestContext, name: string, code: string): Promise<number> {
  const res = await ctx.as('admin', { method: 'POST', url: '/api/shippers', payload: { name, code, is_active: true } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipper.id;
}

async function seedInquiry(ctx: TestContext): Promise<{ id: number }> {
  const res = await ctx.as('client', {
    method: 'POST',
    url: '/api/inquiries',
    payload: {
      type: 'account',
      query: 'Matrix inquiry about our account.',
      warehouse_id: ctx.world.warehouses.alpha,
      account_id: ctx.world.accounts.clientActive,
      subject_id: ctx.world.accounts.clientActive,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id };
}
