import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAccess } from '../src/auth/access-gate';
import type { Scope } from '../src/auth/scope';
import { warehouseAccountScope } from '../src/auth/scope-repository';
import { inventories } from '../src/db/schema/inventory';
import { locationStock } from '../src/db/schema/location-stock';
import { statuses, statusModules } from '../src/db/schema/statuses';
import { inTransaction } from '../src/db/transaction';
import { ledgerSums } from '../src/modules/floor/stock/inventory-repository';
import { reserveStock } from '../src/modules/floor/stock/reserve-stock';
import { receiveStock, releaseStock, StockError, shipStock } from '../src/modules/floor/stock/stock-operations';
import { listActivity } from '../src/modules/platform/activity/activity-repository';
import { recordEvent } from '../src/modules/platform/activity/record-event';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function stocked(onHand: number) {
  const product = await createProduct(ctx, ctx.world.accounts.clientActive);
  const { id } = await createInventory(ctx, {
    productId: product.id,
    warehouseId: ctx.world.warehouses.alpha,
    accountId: ctx.world.accounts.clientActive,
    onHand,
  });
  return { productId: product.id, inventoryId: id };
}

async function balance(id: number) {
  const [row] = await ctx.handle.db
    .select({ onHand: inventories.quantityOnHand, reserved: inventories.quantityReserved })
    .from(inventories)
    .where(eq(inventories.id, id));
  return row!;
}

async function unitsPlaced(inventoryId: number) {
  const rows = await ctx.handle.db
    .select({ quantity: locationStock.quantity })
    .from(locationStock)
    .where(eq(locationStock.inventoryId, inventoryId));
  return rows.reduce((sum, r) => sum + r.quantity, 0);
}

const ref = (referenceId: number) => ({ referenceType: 'order' as const, referenceId, userId: null });

describe('stock operations for orders and shipments', () => {
  it('reserves up to what is available and reports the shortfall as a backorder', async () => {
    const { inventoryId } = await stocked(5);
    const [first] = await inTransaction(ctx.handle.db, (tx) =>
      reserveStock(tx, [{ inventoryId, quantity: 3, orderId: 1 }], null),
    );
    expect(first).toMatchObject({ requested: 3, reserved: 3, short: 0, availableBefore: 5 });
    const [second] = await inTransaction(ctx.handle.db, (tx) =>
      reserveStock(tx, [{ inventoryId, quantity: 4, orderId: 2 }], null),
    );
    expect(second).toMatchObject({ requested: 4, reserved: 2, short: 2, availableBefore: 2 });
    expect(await balance(inventoryId)).toEqual({ onHand: 5, reserved: 5 });
  });

  it('reserves nothing for a product without an inventory row', async () => {
    const [line] = await inTransaction(ctx.handle.db, (tx) =>
      reserveStock(tx, [{ inventoryId: null, quantity: 2, orderId: 3 }], null),
    );
    expect(line).toEqual({ requested: 2, reserved: 0, short: 2, availableBefore: 0 });
  });

  it('releases reservations and never below zero', async () => {
    const { inventoryId } = await stocked(4);
    await inTransaction(ctx.handle.db, (tx) => reserveStock(tx, [{ inventoryId, quantity: 3, orderId: 4 }], null));
    await inTransaction(ctx.handle.db, (tx) => releaseStock(tx, [{ inventoryId, quantity: 10 }], ref(4)));
    expect(await balance(inventoryId)).toEqual({ onHand: 4, reserved: 0 });
  });

  it('ships once per reference: deducts on hand and releases the reservation together', async () => {
    const { inventoryId } = await stocked(10);
    await inTransaction(ctx.handle.db, (tx) => reserveStock(tx, [{ inventoryId, quantity: 4, orderId: 5 }], null));
    await inTransaction(ctx.handle.db, (tx) => shipStock(tx, [{ inventoryId, quantity: 4, reserved: 4 }], ref(5)));
    expect(await balance(inventoryId)).toEqual({ onHand: 6, reserved: 0 });
    const again = inTransaction(ctx.handle.db, (tx) =>
      shipStock(tx, [{ inventoryId, quantity: 4, reserved: 0 }], ref(5)),
    );
    await expect(again).rejects.toMatchObject({ code: 'already_applied' });
    expect(await balance(inventoryId)).toEqual({ onHand: 6, reserved: 0 });
    expect(await ledgerSums(ctx.handle.db, inventoryId)).toMatchObject({ onHand: 6, reserved: 0 });
  });

  it('refuses to ship units that other orders have reserved', async () => {
    const { inventoryId } = await stocked(5);
    await inTransaction(ctx.handle.db, (tx) => reserveStock(tx, [{ inventoryId, quantity: 5, orderId: 6 }], null));
    const ship = inTransaction(ctx.handle.db, (tx) =>
      shipStock(tx, [{ inventoryId, quantity: 2, reserved: 0 }], ref(7)),
    );
    await expect(ship).rejects.toBeInstanceOf(StockError);
    await expect(ship).rejects.toMatchObject({ code: 'insufficient_on_hand' });
    expect(await balance(inventoryId)).toEqual({ onHand: 5, reserved: 5 });
  });

  it('ships several rows in one movement each, location stock and ledger in step with on hand', async () => {
    const a = await stocked(6);
    const b = await stocked(4);
    await inTransaction(ctx.handle.db, (tx) =>
      shipStock(
        tx,
        [
          { inventoryId: a.inventoryId, quantity: 2, reserved: 0 },
          { inventoryId: b.inventoryId, quantity: 4, reserved: 0 },
          // A second line of the same row ships with the first: one movement per row and reference.
          { inventoryId: a.inventoryId, quantity: 1, reserved: 0 },
        ],
        ref(40),
      ),
    );
    expect(await balance(a.inventoryId)).toEqual({ onHand: 3, reserved: 0 });
    expect(await balance(b.inventoryId)).toEqual({ onHand: 0, reserved: 0 });
    for (const [row, onHand] of [
      [a.inventoryId, 3],
      [b.inventoryId, 0],
    ] as const) {
      expect(await ledgerSums(ctx.handle.db, row)).toMatchObject({ onHand, reserved: 0 });
      expect(await unitsPlaced(row)).toBe(onHand);
    }
  });

  it('refuses the whole shipment when one row is short, changing no row', async () => {
    const a = await stocked(5);
    const b = await stocked(1);
    const ship = inTransaction(ctx.handle.db, (tx) =>
      shipStock(
        tx,
        [
          { inventoryId: a.inventoryId, quantity: 2, reserved: 0 },
          { inventoryId: b.inventoryId, quantity: 3, reserved: 0 },
        ],
        ref(41),
      ),
    );
    await expect(ship).rejects.toMatchObject({ code: 'insufficient_on_hand', inventoryId: b.inventoryId });
    expect(await balance(a.inventoryId)).toEqual({ onHand: 5, reserved: 0 });
    expect(await unitsPlaced(a.inventoryId)).toBe(5);
  });

  it('receives once per shipment, creating the inventory row when there is none', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const line = {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      quantity: 7,
    };
    const receipt = { referenceType: 'shipment' as const, referenceId: 1, userId: null };
    const inventoryId = await inTransaction(ctx.handle.db, (tx) => receiveStock(tx, line, receipt));
    expect(await balance(inventoryId)).toEqual({ onHand: 7, reserved: 0 });
    await expect(inTransaction(ctx.handle.db, (tx) => receiveStock(tx, line, receipt))).rejects.toMatchObject({
      code: 'already_applied',
    });
    expect(await balance(inventoryId)).toEqual({ onHand: 7, reserved: 0 });
  });

  it.skipIf(!isRealPostgres())('never over-reserves under 30 concurrent orders for the last units', async () => {
    const { inventoryId } = await stocked(10);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(ctx.handle.db, (tx) => reserveStock(tx, [{ inventoryId, quantity: 1, orderId: 100 + i }], null)),
      ),
    );
    expect(results.flat().reduce((sum, r) => sum + r.reserved, 0)).toBe(10);
    expect(await balance(inventoryId)).toEqual({ onHand: 10, reserved: 10 });
    expect(await ledgerSums(ctx.handle.db, inventoryId)).toMatchObject({ onHand: 10, reserved: 10 });
  });

  it.skipIf(!isRealPostgres())('ships once under 10 concurrent ship requests of one reference', async () => {
    const { inventoryId } = await stocked(10);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        inTransaction(ctx.handle.db, (tx) => shipStock(tx, [{ inventoryId, quantity: 3, reserved: 0 }], ref(900))),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await balance(inventoryId)).toEqual({ onHand: 7, reserved: 0 });
  });
});

describe('access gate', () => {
  // Inventory rows carry a warehouse and an account, as orders, shipments and drafts do.
  const resource = {
    table: inventories,
    id: inventories.id,
    scopeCondition: (scope: Scope) =>
      warehouseAccountScope(scope, { warehouseId: inventories.warehouseId, accountId: inventories.accountId }),
    notFoundMessage: 'Inventory not found',
  };

  it('lets a caller through for ids in scope and answers 404 when any id of a set is not', async () => {
    const own = await stocked(1);
    const other = await createProduct(ctx, ctx.world.accounts.otherClient);
    const { id: otherInventory } = await createInventory(ctx, {
      productId: other.id,
      warehouseId: ctx.world.warehouses.beta,
      accountId: ctx.world.accounts.otherClient,
      onHand: 1,
    });
    const client: Scope = {
      kind: 'accounts',
      accountIds: [ctx.world.accounts.clientActive],
      warehouseIds: [ctx.world.warehouses.alpha],
    };
    const betaManager: Scope = { kind: 'warehouses', warehouseIds: [ctx.world.warehouses.beta] };
    await expect(requireAccess(ctx.handle.db, client, resource, own.inventoryId)).resolves.toBeUndefined();
    await expect(
      requireAccess(ctx.handle.db, client, resource, [own.inventoryId, otherInventory]),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Inventory not found' });
    await expect(requireAccess(ctx.handle.db, betaManager, resource, own.inventoryId)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(requireAccess(ctx.handle.db, betaManager, resource, otherInventory)).resolves.toBeUndefined();
    await expect(
      requireAccess(ctx.handle.db, { kind: 'all' }, resource, [own.inventoryId, otherInventory]),
    ).resolves.toBeUndefined();
  });
});

describe('typed activity events', () => {
  it('are read within the reader scope and rendered in one place', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const { clientActive, otherClient } = ctx.world.accounts;
    await recordEvent(ctx.handle.db, {
      kind: 'order.status_changed',
      payload: { order_number: 'ORD-1042', from: 'Pending', to: 'shipped' },
      actorId: ctx.world.users.manager.id,
      subject: { type: 'order', id: 1042 },
      warehouseIds: [alpha],
      accountIds: [clientActive],
    });
    await recordEvent(ctx.handle.db, {
      kind: 'shipment.verified',
      payload: { shipment_id: 9, quantity: 40, sku: 'SKU-12' },
      actorId: null,
      subject: { type: 'shipment', id: 9 },
      warehouseIds: [beta],
      accountIds: [otherClient],
    });
    const alphaManager = await listActivity(
      ctx.handle.db,
      { kind: 'warehouses', warehouseIds: [alpha] },
      { limit: 10 },
    );
    expect(alphaManager.map((a) => a.title)).toContain('Order ORD-1042 shipped');
    expect(alphaManager.map((a) => a.title)).not.toContain('Shipment of 40 × SKU-12 verified');
    const otherClientFeed = await listActivity(
      ctx.handle.db,
      { kind: 'accounts', accountIds: [otherClient], warehouseIds: [beta] },
      { limit: 10 },
    );
    expect(otherClientFeed[0]?.title).toBe('Shipment of 40 × SKU-12 verified');
    expect(otherClientFeed.map((a) => a.title)).not.toContain('Order ORD-1042 shipped');
    const timeline = await listActivity(
      ctx.handle.db,
      { kind: 'all' },
      { subject: { type: 'order', id: 1042 }, limit: 5 },
    );
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      kind: 'order.status_changed',
      color: 'success',
      actor: { name: 'Max Manager' },
    });
  });
});

describe('default statuses', () => {
  it('seed the spec order statuses into the orders module with the four system keys', async () => {
    const list = await ctx.handle.db
      .select({ name: statuses.name, system_key: statuses.systemKey, module: statusModules.module })
      .from(statuses)
      .innerJoin(statusModules, eq(statusModules.statusId, statuses.id))
      .orderBy(statuses.sortOrder);
    expect(list.length).toBe(28);
    expect(list.every((r) => r.module === 'orders')).toBe(true);
    expect(
      list
        .filter((r) => r.system_key)
        .map((r) => r.system_key)
        .sort(),
    ).toEqual(['cancelled', 'pending', 'processing', 'shipped']);
  });
});
