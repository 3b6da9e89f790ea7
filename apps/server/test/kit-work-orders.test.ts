import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory } from './support/catalogue';
import { assembledKit, balanceOf, createWorkOrder, createWorkOrderOk, ledgerOf } from './support/kit-work-orders';
import { daysFromToday } from './support/lots';
import { assertStockInvariants } from './support/stock-invariants';
import { createTestContext, type TestContext } from './support/test-app';
import { allocatedOf, newLocation, placeLot, placeUnits } from './support/waves';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const account = () => ctx.world.accounts.clientActive;
const alpha = () => ctx.world.warehouses.alpha;

async function kitInventory(kitId: number, warehouseId = alpha()) {
  const result = (await ctx.handle.db.execute(
    sql`select id from inventories where product_id = ${kitId} and warehouse_id = ${warehouseId}`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}

async function activityKinds(workOrderId: number) {
  const result = (await ctx.handle.db.execute(
    sql`select kind from activity where subject_type = 'kit_work_order' and subject_id = ${workOrderId}
      order by id`,
  )) as unknown as { rows: { kind: string }[] };
  return result.rows.map((r) => r.kind);
}

describe('building kits', () => {
  it('builds N kits from lots: allocated by FEFO, consumed exactly, the kit lot expiring on the earliest expiry', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [1, 2], {
      kitFields: { track_expiry: true },
      componentFields: { track_expiry: true },
    });
    const [a, b] = kit.components as [(typeof kit.components)[0], (typeof kit.components)[0]];
    const binA = await newLocation(ctx, alpha(), { type: 'pick', walk_sequence: 1 });
    const binB = await newLocation(ctx, alpha(), { type: 'storage', walk_sequence: 2 });
    const target = await newLocation(ctx, alpha(), { type: 'storage', walk_sequence: 3 });
    // A: an earlier lot (expires in 40 days) and a later one; B: one lot expiring in 90 days.
    const early = await placeLot(ctx, a.inventoryId, binA.id, {
      code: 'A-EARLY',
      expiryDate: daysFromToday(40),
      quantity: 3,
    });
    const late = await placeLot(ctx, a.inventoryId, binA.id, {
      code: 'A-LATE',
      expiryDate: daysFromToday(60),
      quantity: 10,
    });
    const bLot = await placeLot(ctx, b.inventoryId, binB.id, {
      code: 'B-1',
      expiryDate: daysFromToday(90),
      quantity: 20,
    });

    const order = await createWorkOrderOk(ctx, 'manager', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 5,
      target_location_id: target.id,
    });
    expect(order.number).toMatch(/^KWO-\d{6}$/);
    expect(order.status).toBe('open');
    // The pick list: 3 of the early lot, 2 of the late one, 10 of B.
    const picks = order.pick_list.map((p) => [p.product.id, p.lot?.id, p.quantity]);
    expect(picks.sort()).toEqual(
      [
        [a.productId, early, 3],
        [a.productId, late, 2],
        [b.productId, bLot, 10],
      ].sort(),
    );
    expect(await balanceOf(ctx, a.inventoryId)).toEqual({ onHand: 13, reserved: 5 });
    expect(await balanceOf(ctx, b.inventoryId)).toEqual({ onHand: 20, reserved: 10 });
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({ [binA.id]: 5 });

    const done = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${order.id}/complete` });
    expect(done.statusCode, done.body).toBe(200);
    const data = done.json().data;
    expect(data.status).toBe('completed');
    expect(data.kit_lot).toMatchObject({ code: order.number, expiry_date: daysFromToday(40) });

    expect(await balanceOf(ctx, a.inventoryId)).toEqual({ onHand: 8, reserved: 0 });
    expect(await balanceOf(ctx, b.inventoryId)).toEqual({ onHand: 10, reserved: 0 });
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({});
    const kitRow = (await kitInventory(kit.kitId))!;
    expect(await balanceOf(ctx, kitRow)).toEqual({ onHand: 5, reserved: 0 });

    const ledger = await ledgerOf(ctx, order.id);
    const consumed = ledger.filter((r) => r.type === 'kit_consume').map((r) => [r.inventoryId, r.lotId, r.onHand]);
    expect(consumed.sort()).toEqual(
      [
        [a.inventoryId, early, -3],
        [a.inventoryId, late, -2],
        [b.inventoryId, bLot, -10],
      ].sort(),
    );
    expect(ledger.filter((r) => r.type === 'kit_build')).toEqual([
      { type: 'kit_build', inventoryId: kitRow, onHand: 5, reserved: 0, locationId: target.id, lotId: data.kit_lot.id },
    ]);
    expect(await activityKinds(order.id)).toEqual(['kit_work_order.created', 'kit_work_order.completed']);
    await assertStockInvariants(ctx.handle.db);
  });

  it('completing twice consumes once; a completed order cannot be cancelled', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [2]);
    const bin = await newLocation(ctx, alpha(), { type: 'pick' });
    await placeUnits(ctx, kit.components[0]!.inventoryId, bin.id, 10);
    const order = await createWorkOrderOk(ctx, 'admin', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 3,
    });
    const first = await ctx.as('admin', { method: 'POST', url: `/api/kit-work-orders/${order.id}/complete` });
    const second = await ctx.as('admin', { method: 'POST', url: `/api/kit-work-orders/${order.id}/complete` });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.status).toBe('completed');
    expect(await balanceOf(ctx, kit.components[0]!.inventoryId)).toEqual({ onHand: 4, reserved: 0 });
    expect(await balanceOf(ctx, (await kitInventory(kit.kitId))!)).toEqual({ onHand: 3, reserved: 0 });
    expect((await ledgerOf(ctx, order.id)).filter((r) => r.type === 'kit_build')).toHaveLength(1);
    // Without a location named, the kits go to the warehouse's UNASSIGNED location; untracked kits get no lot.
    expect(first.json().data.target_location.code).toBe('UNASSIGNED');
    expect(first.json().data.kit_lot).toBeNull();
    const cancel = await ctx.as('admin', { method: 'POST', url: `/api/kit-work-orders/${order.id}/cancel` });
    expect(cancel.statusCode).toBe(409);
  });

  it('cancel releases the reservations and the allocation; a cancelled order cannot complete', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [1, 1]);
    const bin = await newLocation(ctx, alpha(), { type: 'pick' });
    for (const c of kit.components) await placeUnits(ctx, c.inventoryId, bin.id, 4);
    const order = await createWorkOrderOk(ctx, 'manager', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 4,
    });
    expect(await balanceOf(ctx, kit.components[0]!.inventoryId)).toEqual({ onHand: 4, reserved: 4 });
    const res = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${order.id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    for (const c of kit.components) {
      expect(await balanceOf(ctx, c.inventoryId)).toEqual({ onHand: 4, reserved: 0 });
      expect(await allocatedOf(ctx, c.inventoryId)).toEqual({});
    }
    const again = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${order.id}/cancel` });
    expect(again.statusCode).toBe(200);
    const complete = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${order.id}/complete` });
    expect(complete.statusCode).toBe(409);
    expect(await ledgerOf(ctx, order.id)).toHaveLength(4); // two reserve rows, two release rows
    expect(await activityKinds(order.id)).toEqual(['kit_work_order.created', 'kit_work_order.cancelled']);
    // The units are free again: a new order for all of them is accepted.
    await createWorkOrderOk(ctx, 'manager', { kit_product_id: kit.kitId, warehouse_id: alpha(), quantity: 4 });
  });
});

describe('lots', () => {
  it('never takes an expired lot: the good lot is allocated, and when only expired units are left the create is refused', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [1], { componentFields: { track_expiry: true } });
    const c = kit.components[0]!;
    const bin = await newLocation(ctx, alpha(), { type: 'pick' });
    await placeLot(ctx, c.inventoryId, bin.id, { code: 'OLD', expiryDate: daysFromToday(-1), quantity: 5 });
    const good = await placeLot(ctx, c.inventoryId, bin.id, {
      code: 'GOOD',
      expiryDate: daysFromToday(30),
      quantity: 2,
    });
    const order = await createWorkOrderOk(ctx, 'admin', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 2,
    });
    expect(order.pick_list.map((p) => [p.lot?.id, p.quantity])).toEqual([[good, 2]]);
    const refused = await createWorkOrder(ctx, 'admin', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 1,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.quantity[0]).toContain(`${c.sku} needs 1, 0 available`);
  });
});

describe('taking kits apart', () => {
  it('consumes the kits from their locations and builds the components back, without a lot', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [1, 3], { componentFields: { track_lots: true } });
    const kitStock = await createInventory(ctx, {
      productId: kit.kitId,
      warehouseId: alpha(),
      accountId: account(),
      onHand: 0,
    });
    const shelf = await newLocation(ctx, alpha(), { type: 'storage' });
    const target = await newLocation(ctx, alpha(), { type: 'storage' });
    await placeUnits(ctx, kitStock.id, shelf.id, 6);
    const order = await createWorkOrderOk(ctx, 'manager', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 2,
      kind: 'disassemble',
      target_location_id: target.id,
    });
    expect(order.pick_list.map((p) => [p.product.id, p.location.id, p.quantity])).toEqual([[kit.kitId, shelf.id, 2]]);
    expect(await balanceOf(ctx, kitStock.id)).toEqual({ onHand: 6, reserved: 2 });
    const res = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${order.id}/complete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, kitStock.id)).toEqual({ onHand: 4, reserved: 0 });
    const [a, b] = kit.components;
    expect(await balanceOf(ctx, a!.inventoryId)).toEqual({ onHand: 2, reserved: 0 });
    expect(await balanceOf(ctx, b!.inventoryId)).toEqual({ onHand: 6, reserved: 0 });
    const ledger = await ledgerOf(ctx, order.id);
    expect(ledger.filter((r) => r.type === 'kit_consume')).toEqual([
      { type: 'kit_consume', inventoryId: kitStock.id, onHand: -2, reserved: -2, locationId: shelf.id, lotId: null },
    ]);
    expect(
      ledger
        .filter((r) => r.type === 'kit_build')
        .map((r) => [r.inventoryId, r.onHand, r.locationId, r.lotId])
        .sort(),
    ).toEqual(
      [
        [a!.inventoryId, 2, target.id, null],
        [b!.inventoryId, 6, target.id, null],
      ].sort(),
    );
    await assertStockInvariants(ctx.handle.db);
  });
});

describe('refusals', () => {
  it('422 naming every short component, nothing written', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [2, 1, 1]);
    const bin = await newLocation(ctx, alpha(), { type: 'pick' });
    const quarantine = await newLocation(ctx, alpha(), { type: 'quarantine' });
    const [a, b, c] = kit.components as [
      (typeof kit.components)[0],
      (typeof kit.components)[0],
      (typeof kit.components)[0],
    ];
    await placeUnits(ctx, a.inventoryId, bin.id, 7);
    await placeUnits(ctx, b.inventoryId, bin.id, 10);
    // C's units sit in quarantine: not available, never taken.
    await placeUnits(ctx, c.inventoryId, quarantine.id, 10);
    const res = await createWorkOrder(ctx, 'manager', {
      kit_product_id: kit.kitId,
      warehouse_id: alpha(),
      quantity: 4,
    });
    expect(res.statusCode, res.body).toBe(422);
    const message = res.json().errors.quantity[0] as string;
    expect(message).toContain(`${a.sku} needs 8, 7 available`);
    expect(message).toContain(`${c.sku} needs 4, 0 available`);
    expect(message).not.toContain(b.sku);
    expect(await balanceOf(ctx, a.inventoryId)).toEqual({ onHand: 7, reserved: 0 });
    expect(await allocatedOf(ctx, b.inventoryId)).toEqual({});
  });

  it('422 for a standard product, a bundle, a bad quantity, kind or target', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [1]);
    const standard = kit.components[0]!.productId;
    const betaBin = await newLocation(ctx, ctx.world.warehouses.beta, { type: 'pick' });
    const quarantine = await newLocation(ctx, alpha(), { type: 'quarantine' });
    const bundle = await assembledKit(ctx, account(), alpha(), [1], { kitFields: { kind: 'bundle' } });
    // A kit of Otto's account, which is linked to Beta only.
    const betaKit = await assembledKit(ctx, ctx.world.accounts.otherClient, ctx.world.warehouses.beta, [1]);
    const cases: [Record<string, unknown>, string][] = [
      [{ kit_product_id: standard }, 'kit_product_id'],
      [{ kit_product_id: bundle.kitId }, 'kit_product_id'],
      [{ kit_product_id: betaKit.kitId }, 'kit_product_id'],
      [{ target_location_id: quarantine.id }, 'target_location_id'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 1.5 }, 'quantity'],
      [{ kind: 'melt' }, 'kind'],
      [{ target_location_id: betaBin.id }, 'target_location_id'],
    ];
    for (const [change, field] of cases) {
      const res = await createWorkOrder(ctx, 'admin', {
        kit_product_id: kit.kitId,
        warehouse_id: alpha(),
        quantity: 1,
        ...change,
      });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });
});

describe('permission and scope', () => {
  it('clients are refused; a manager sees only orders of their warehouses; another warehouse answers 404', async () => {
    const kit = await assembledKit(ctx, account(), alpha(), [1]);
    const bin = await newLocation(ctx, alpha(), { type: 'pick' });
    await placeUnits(ctx, kit.components[0]!.inventoryId, bin.id, 5);
    const payload = { kit_product_id: kit.kitId, warehouse_id: alpha(), quantity: 1 };
    for (const client of ['client', 'otherClient', 'neighbourClient'] as const) {
      expect((await createWorkOrder(ctx, client, payload)).statusCode).toBe(403);
      expect((await ctx.as(client, { method: 'GET', url: '/api/kit-work-orders' })).statusCode).toBe(403);
    }
    // Beta's manager cannot create in Alpha (404) …
    expect((await createWorkOrder(ctx, 'otherManager', payload)).statusCode).toBe(404);
    const order = await createWorkOrderOk(ctx, 'manager', payload);
    // … nor read, complete or cancel Alpha's real order, nor see it listed.
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/complete'],
      ['POST', '/cancel'],
    ] as const) {
      const res = await ctx.as('otherManager', { method, url: `/api/kit-work-orders/${order.id}${suffix}` });
      expect(res.statusCode).toBe(404);
    }
    const theirs = await ctx.as('otherManager', { method: 'GET', url: '/api/kit-work-orders' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.map((o: { id: number }) => o.id)).not.toContain(order.id);
    const mine = await ctx.as('manager', {
      method: 'GET',
      url: `/api/kit-work-orders?status=open&warehouse_id=${alpha()}&kit_product_id=${kit.kitId}&account_id=${account()}`,
    });
    expect(mine.json().data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(mine.json().meta.total).toBe(1);
    const got = await ctx.as('manager', { method: 'GET', url: `/api/kit-work-orders/${order.id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json().data.components).toEqual([
      { id: kit.components[0]!.productId, sku: kit.components[0]!.sku, name: 'Test product', per_kit: 1, quantity: 1 },
    ]);
    // Still untouched by Beta's manager's attempts.
    expect(got.json().data.status).toBe('open');
  });
});
