import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { shipments } from '../src/db/schema/shipments';
import { ledgerSums } from '../src/modules/floor/stock/inventory-repository';
import { activityOf } from './support/activity';
import { createInventory, createProduct } from './support/catalogue';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import type { Actor } from './support/world';

let ctx: TestContext;
let product: { id: number; sku: string };
let neighbourProduct: { id: number; sku: string };
beforeAll(async () => {
  ctx = await createTestContext();
  product = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Trail lantern' });
  neighbourProduct = await createProduct(ctx, ctx.world.accounts.neighbourActive, { name: 'Neighbour kettle' });
});
afterAll(() => ctx.close());

const validBody = (overrides: Record<string, unknown> = {}) => ({
  account_id: ctx.world.accounts.clientActive,
  warehouse_id: ctx.world.warehouses.alpha,
  product_id: product.id,
  quantity: 12,
  tracking_number: '1Z999AA10123456784',
  carrier: 'UPS',
  delivery_date: '2026-12-01',
  notes: 'Two pallets',
  ...overrides,
});

async function announce(actor: Actor = 'client', overrides: Record<string, unknown> = {}) {
  const res = await ctx.as(actor, { method: 'POST', url: '/api/shipments', payload: validBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; quantity: number; status: string };
}

const post = (actor: Actor, url: string, payload: Record<string, unknown> = {}) =>
  ctx.as(actor, { method: 'POST', url, payload });
const verify = (actor: Actor, id: number, notes: string | null = null) =>
  post(actor, `/api/shipments/${id}/verify`, { notes });
const reject = (actor: Actor, id: number, reason: unknown = 'Damaged on arrival') =>
  post(actor, `/api/shipments/${id}/reject`, { rejection_reason: reason });
const get = (actor: Actor, id: number) => ctx.as(actor, { method: 'GET', url: `/api/shipments/${id}` });
/** A refused change: the answer's status, and not one row of any table changed (shipment, ledger, events). */
const refused = (request: () => ReturnType<typeof get>, status: number) =>
  expectRefusedUnchanged(ctx.handle.db, request, status);

async function stockOf(productId: number, accountId = ctx.world.accounts.clientActive) {
  const [row] = await ctx.handle.db
    .select({ id: inventories.id, onHand: inventories.quantityOnHand })
    .from(inventories)
    .where(
      and(
        eq(inventories.productId, productId),
        eq(inventories.accountId, accountId),
        eq(inventories.warehouseId, ctx.world.warehouses.alpha),
      ),
    );
  return row;
}

const receiptsOf = (shipmentId: number) =>
  ctx.handle.db
    .select()
    .from(inventoryMovements)
    .where(
      and(
        eq(inventoryMovements.referenceType, 'shipment'),
        eq(inventoryMovements.referenceId, shipmentId),
        eq(inventoryMovements.type, 'receipt'),
      ),
    );

describe('announcing a shipment', () => {
  it('creates a pending shipment with the creator, the spec message and an activity entry', async () => {
    const res = await post('client', '/api/shipments', validBody({ tracking_number: '', notes: '   ' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Shipment created successfully! Awaiting verification from warehouse manager.');
    expect(body.data).toMatchObject({
      status: 'pending',
      formatted_status: 'Pending',
      quantity: 12,
      tracking_number: null,
      notes: null,
      carrier: 'UPS',
      delivery_date: '2026-12-01',
      product: { id: product.id, sku: product.sku, name: 'Trail lantern' },
      account: { id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods' },
      warehouse: { id: ctx.world.warehouses.alpha, code: 'ALP' },
      user: { id: ctx.world.users.client.id, name: 'Cleo Client' },
      verifier: null,
      verified_at: null,
      can_edit: true,
      can_delete: true,
      can_review: false,
    });
    const [event] = await activityOf(ctx.handle.db, 'shipment', body.data.id);
    expect(event).toMatchObject({ kind: 'shipment.created', userId: ctx.world.users.client.id });
  });

  it('answers the §5 messages for missing fields and a quantity below 1', async () => {
    const empty = await post('client', '/api/shipments', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      account_id: ['Account is required'],
      warehouse_id: ['Warehouse is required'],
      product_id: ['Product is required'],
      quantity: ['Quantity is required'],
    });
    const zero = await post('client', '/api/shipments', validBody({ quantity: 0 }));
    expect(zero.json().errors).toEqual({ quantity: ['Quantity must be at least 1'] });
    const nulls = await post('client', '/api/shipments', validBody({ account_id: null, quantity: '' }));
    expect(nulls.json().errors).toEqual({ account_id: ['Account is required'], quantity: ['Quantity is required'] });
    const date = await post('client', '/api/shipments', validBody({ delivery_date: '2026-02-30' }));
    expect(date.json().errors).toEqual({ delivery_date: [SHIPMENT_MESSAGES.deliveryDateInvalid] });
    const long = await post('client', '/api/shipments', validBody({ notes: 'x'.repeat(2001) }));
    expect(long.json().errors).toEqual({ notes: [SHIPMENT_MESSAGES.notesTooLong] });
  });

  it('keeps product, account and warehouse consistent and within the caller’s scope', async () => {
    const { accounts, warehouses } = ctx.world;
    const cases: [Actor, Record<string, unknown>, Record<string, string[]>][] = [
      // The neighbour's real product, in the client's own account.
      ['client', { product_id: neighbourProduct.id }, { product_id: [SHIPMENT_MESSAGES.productInvalid] }],
      // An admin may reach both, but the product belongs to another account.
      ['admin', { product_id: neighbourProduct.id }, { product_id: [SHIPMENT_MESSAGES.productNotInAccount] }],
      // The neighbour's real account.
      [
        'client',
        { account_id: accounts.neighbourActive, product_id: neighbourProduct.id },
        { account_id: [SHIPMENT_MESSAGES.accountInvalid], product_id: [SHIPMENT_MESSAGES.productInvalid] },
      ],
      // Beta exists but is not linked to the account (and the client cannot see it).
      ['client', { warehouse_id: warehouses.beta }, { warehouse_id: [SHIPMENT_MESSAGES.warehouseInvalid] }],
      ['admin', { warehouse_id: warehouses.beta }, { warehouse_id: [SHIPMENT_MESSAGES.accountNotInWarehouse] }],
      ['admin', { warehouse_id: warehouses.gamma }, { warehouse_id: [SHIPMENT_MESSAGES.warehouseInvalid] }],
      ['client', { account_id: accounts.clientInactive }, { account_id: [SHIPMENT_MESSAGES.accountInvalid] }],
      // Beta's manager reaches neither Alpha nor its accounts.
      [
        'otherManager',
        {},
        {
          account_id: [SHIPMENT_MESSAGES.accountInvalid],
          warehouse_id: [SHIPMENT_MESSAGES.warehouseInvalid],
          product_id: [SHIPMENT_MESSAGES.productInvalid],
        },
      ],
    ];
    for (const [actor, overrides, errors] of cases) {
      const res = await refused(() => post(actor, '/api/shipments', validBody(overrides)), 422);
      expect(res.json().errors, `${actor} ${JSON.stringify(overrides)}`).toEqual(errors);
    }
    // Staff may announce for an account in their warehouse.
    await announce('manager');
  });
});

describe('listing and reading', () => {
  it('pages 25 at a time, filters by status and search, and counts by status within the scope', async () => {
    const fresh = await createTestContext();
    try {
      const p = await createProduct(fresh, fresh.world.accounts.clientActive, { name: 'Paged lamp' });
      const np = await createProduct(fresh, fresh.world.accounts.neighbourActive, { name: 'Kettle' });
      // Rows straight into the table (the create call has its own tests): 27 of the client's, 1 of the neighbour's.
      const { accounts, warehouses, users } = fresh.world;
      const inserted = await fresh.handle.db
        .insert(shipments)
        .values([
          ...Array.from({ length: 27 }, (_, i) => ({
            accountId: accounts.clientActive,
            warehouseId: warehouses.alpha,
            productId: p.id,
            quantity: 12,
            trackingNumber: `TRK-${i}`,
            carrier: 'UPS',
            userId: users.client.id,
          })),
          {
            accountId: accounts.neighbourActive,
            warehouseId: warehouses.alpha,
            productId: np.id,
            quantity: 3,
            trackingNumber: 'TRK-99',
            userId: users.neighbourClient.id,
          },
        ])
        .returning({ id: shipments.id });
      const ids = inserted.map((row) => row.id);
      await fresh.as('manager', { method: 'POST', url: `/api/shipments/${ids[0]}/verify`, payload: {} });
      await fresh.as('manager', {
        method: 'POST',
        url: `/api/shipments/${ids[1]}/reject`,
        payload: { rejection_reason: 'Wrong product' },
      });

      const list = (actor: Actor, query: string) =>
        fresh.as(actor, { method: 'GET', url: `/api/shipments${query}` }).then((r) => r.json());
      const first = await list('client', '');
      expect(first.data).toHaveLength(25);
      expect(first.meta).toEqual({ total: 27, page: 1, per_page: 25, last_page: 2 });
      expect((await list('client', '?page=2')).data).toHaveLength(2);
      expect((await list('client', '?status=pending')).meta.total).toBe(25);
      expect((await list('client', '?status=all')).meta.total).toBe(27);
      expect((await list('client', '?status=rejected')).data.map((s: { id: number }) => s.id)).toEqual([ids[1]]);
      expect((await list('client', '?search=trk-2')).meta.total).toBe(8); // TRK-2, TRK-20…26
      expect((await list('client', '?search=paged%20LAMP')).meta.total).toBe(27);
      expect((await list('manager', '')).meta.total).toBe(28);
      expect((await list('manager', `?account_id=${fresh.world.accounts.neighbourActive}`)).meta.total).toBe(1);
      expect((await list('neighbourClient', '')).meta.total).toBe(1);
      expect((await list('otherManager', '')).meta.total).toBe(0);
      expect((await list('otherClient', '')).meta.total).toBe(0);
      // The selection narrows, never widens: a client asking for the neighbour's account gets nothing.
      expect((await list('client', `?account_id=${fresh.world.accounts.neighbourActive}`)).meta.total).toBe(0);
      expect((await list('client', '?status=shipped')).data).toBeUndefined();

      const stats = (actor: Actor, query = '') =>
        fresh.as(actor, { method: 'GET', url: `/api/shipments/statistics${query}` }).then((r) => r.json().data);
      expect(await stats('client')).toEqual({
        total_shipments: 27,
        pending_shipments: 25,
        verified_shipments: 1,
        rejected_shipments: 1,
      });
      expect(await stats('manager')).toMatchObject({ total_shipments: 28, pending_shipments: 26 });
      expect(await stats('neighbourClient')).toMatchObject({ total_shipments: 1 });
      expect(await stats('otherManager')).toMatchObject({ total_shipments: 0 });
      expect(await stats('admin', `?warehouse_id=${fresh.world.warehouses.beta}`)).toMatchObject({
        total_shipments: 0,
      });
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('shows a shipment with its timeline to those in scope and 404 to everyone else', async () => {
    const shipment = await announce('client');
    await reject('manager', shipment.id, 'Pallet crushed');
    const res = await get('client', shipment.id);
    expect(res.statusCode).toBe(200);
    const { data, timeline } = res.json();
    expect(data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Pallet crushed',
      verifier: { name: 'Max Manager' },
      can_edit: false,
      can_delete: false,
    });
    expect(timeline.map((t: { kind: string }) => t.kind)).toEqual(['shipment.created', 'shipment.rejected']);
    expect(timeline[1]).toMatchObject({ actor: { name: 'Max Manager' }, description: 'Pallet crushed by Max Manager' });
    for (const actor of ['neighbourClient', 'otherClient', 'otherManager'] as const) {
      const out = await get(actor, shipment.id);
      expect(out.statusCode, actor).toBe(404);
      expect(out.json()).toEqual({ message: SHIPMENT_MESSAGES.notFound });
    }
    expect((await get('admin', shipment.id)).statusCode).toBe(200);
    expect((await get('manager', shipment.id)).statusCode).toBe(200);
  });
});

describe('editing', () => {
  const put = (actor: Actor, id: number, payload: Record<string, unknown>) =>
    ctx.as(actor, { method: 'PUT', url: `/api/shipments/${id}`, payload });

  it('lets the creating client correct a pending shipment; product, account and warehouse never change', async () => {
    const shipment = await announce('client');
    const res = await put('client', shipment.id, {
      quantity: 20,
      tracking_number: 'NEW-TRACK',
      carrier: 'My Own Freight',
      delivery_date: null,
      notes: '',
      product_id: neighbourProduct.id,
      account_id: ctx.world.accounts.neighbourActive,
      warehouse_id: ctx.world.warehouses.beta,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Shipment updated successfully');
    expect(res.json().data).toMatchObject({
      quantity: 20,
      tracking_number: 'NEW-TRACK',
      carrier: 'My Own Freight',
      delivery_date: null,
      notes: null,
      product_id: product.id,
      account_id: ctx.world.accounts.clientActive,
      warehouse_id: ctx.world.warehouses.alpha,
    });
    const [event] = await activityOf(ctx.handle.db, 'shipment', shipment.id);
    expect(event?.kind).toBe('shipment.updated');
    expect((await put('client', shipment.id, { quantity: 0 })).json().errors).toEqual({
      quantity: ['Quantity must be at least 1'],
    });
  });

  it('lets staff correct a pending shipment, refuses other clients and anything not pending', async () => {
    const shipment = await announce('client');
    expect((await put('manager', shipment.id, { quantity: 11 })).statusCode).toBe(200);
    await refused(() => put('neighbourClient', shipment.id, { quantity: 3 }), 404);
    await refused(() => put('otherManager', shipment.id, { quantity: 3 }), 404);

    // Announced by staff for the client's account: the client sees it but did not create it.
    const byStaff = await announce('manager');
    const notCreator = await refused(() => put('client', byStaff.id, { quantity: 3 }), 403);
    expect(notCreator.json().message).toBe(SHIPMENT_MESSAGES.onlyCreatorEdits);
    expect((await get('client', byStaff.id)).json().data).toMatchObject({ can_edit: false, can_delete: false });

    await verify('manager', shipment.id);
    for (const actor of ['client', 'manager'] as const) {
      const late = await refused(() => put(actor, shipment.id, { quantity: 99 }), 409);
      expect(late.json().message).toBe(SHIPMENT_MESSAGES.onlyPendingEdited);
    }
  });
});

describe('verifying', () => {
  it('adds the quantity to on hand once through a receipt movement, creating the inventory row', async () => {
    const fresh = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Never stocked' });
    const shipment = await announce('client', { product_id: fresh.id, quantity: 7 });
    expect(await stockOf(fresh.id)).toBeUndefined();

    const res = await verify('manager', shipment.id, 'All boxes sealed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Shipment verified successfully! Inventory has been updated.');
    const stock = await stockOf(fresh.id);
    expect(stock?.onHand).toBe(7);
    expect(res.json().data).toMatchObject({
      status: 'verified',
      verification_notes: 'All boxes sealed',
      verifier: { id: ctx.world.users.manager.id, name: 'Max Manager' },
      inventory_id: stock?.id,
      can_review: false,
    });
    expect(res.json().data.verified_at).toEqual(expect.any(String));
    const receipts = await receiptsOf(shipment.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ inventoryId: stock?.id, onHandDelta: 7, reservedDelta: 0 });

    const again = await refused(() => verify('admin', shipment.id), 409);
    expect(again.json().message).toBe(SHIPMENT_MESSAGES.onlyPendingVerified);
    const late = await refused(() => reject('admin', shipment.id), 409);
    expect(late.json().message).toBe(SHIPMENT_MESSAGES.onlyPendingRejected);
    expect((await stockOf(fresh.id))?.onHand).toBe(7);
    expect(await ledgerSums(ctx.handle.db, stock!.id)).toMatchObject({ onHand: 7 });
    const kinds = (await activityOf(ctx.handle.db, 'shipment', shipment.id)).map((a) => a.kind);
    expect(kinds).toEqual(['shipment.verified', 'shipment.created']);
  });

  it('adds to an existing row, and only staff in scope may verify', async () => {
    const stocked = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Stocked' });
    await createInventory(ctx, {
      productId: stocked.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand: 5,
    });
    const shipment = await announce('client', { product_id: stocked.id, quantity: 4 });
    await refused(() => verify('client', shipment.id), 403);
    await refused(() => verify('neighbourClient', shipment.id), 403);
    await refused(() => verify('otherManager', shipment.id), 404);
    expect((await stockOf(stocked.id))?.onHand).toBe(5);
    expect((await verify('superAdmin', shipment.id)).statusCode).toBe(200);
    const stock = await stockOf(stocked.id);
    expect(stock?.onHand).toBe(9);
    expect(await ledgerSums(ctx.handle.db, stock!.id)).toMatchObject({ onHand: 9 });
  });

  it.skipIf(!isRealPostgres())('adds nothing more under 10 concurrent verifies of one shipment', async () => {
    const fresh = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Raced' });
    const shipment = await announce('client', { product_id: fresh.id, quantity: 13 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verify(i % 2 ? 'manager' : 'admin', shipment.id)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const stock = await stockOf(fresh.id);
    expect(stock?.onHand).toBe(13);
    expect(await ledgerSums(ctx.handle.db, stock!.id)).toMatchObject({ onHand: 13, movements: 1 });
    expect(await receiptsOf(shipment.id)).toHaveLength(1);
  });

  it.skipIf(!isRealPostgres())(
    'keeps ledger sums equal to quantities under concurrent verifies of many shipments',
    async () => {
      const fresh = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Many at once' });
      const quantities = [1, 2, 3, 4, 5, 6, 7, 8];
      const announced = [];
      for (const quantity of quantities) announced.push(await announce('client', { product_id: fresh.id, quantity }));
      // Each verified twice at once, by two staff members.
      const answers = await Promise.all(announced.flatMap((s) => [verify('manager', s.id), verify('admin', s.id)]));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(quantities.length);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(quantities.length);
      const stock = await stockOf(fresh.id);
      const total = quantities.reduce((a, b) => a + b, 0);
      expect(stock?.onHand).toBe(total);
      expect(await ledgerSums(ctx.handle.db, stock!.id)).toMatchObject({ onHand: total, movements: quantities.length });
    },
  );
});

describe('rejecting', () => {
  it('needs a reason and leaves stock alone', async () => {
    const shipment = await announce('client');
    for (const reason of [undefined, '', '   ']) {
      const res = await post('manager', `/api/shipments/${shipment.id}/reject`, { rejection_reason: reason });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Reason is required',
        errors: { rejection_reason: ['Reason is required'] },
      });
    }
    await refused(() => reject('client', shipment.id), 403);
    await refused(() => reject('otherManager', shipment.id), 404);
    const before = await stockOf(product.id);
    const res = await reject('manager', shipment.id, 'Wrong SKU on the boxes');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Shipment rejected',
      data: {
        status: 'rejected',
        rejection_reason: 'Wrong SKU on the boxes',
        verifier: { name: 'Max Manager' },
      },
    });
    expect(await stockOf(product.id)).toEqual(before);
    expect(await receiptsOf(shipment.id)).toHaveLength(0);
    const late = await refused(() => verify('manager', shipment.id), 409);
    expect(late.json().message).toBe(SHIPMENT_MESSAGES.onlyPendingVerified);
  });
});

describe('deleting', () => {
  const del = (actor: Actor, id: number) => ctx.as(actor, { method: 'DELETE', url: `/api/shipments/${id}` });

  it('lets the creator delete while pending, staff always, and never changes received stock', async () => {
    const pending = await announce('client');
    await refused(() => del('neighbourClient', pending.id), 404);
    await refused(() => del('otherManager', pending.id), 404);
    const ok = await del('client', pending.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Shipment deleted successfully' });
    expect((await get('client', pending.id)).statusCode).toBe(404);
    const [event] = await activityOf(ctx.handle.db, 'shipment', pending.id);
    expect(event?.kind).toBe('shipment.deleted');

    const fresh = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Kept stock' });
    const verified = await announce('client', { product_id: fresh.id, quantity: 6 });
    await verify('manager', verified.id);
    const notPending = await refused(() => del('client', verified.id), 409);
    expect(notPending.json().message).toBe(SHIPMENT_MESSAGES.onlyPendingDeleted);

    const byStaff = await announce('manager');
    const notCreator = await refused(() => del('client', byStaff.id), 403);
    expect(notCreator.json().message).toBe(SHIPMENT_MESSAGES.onlyCreatorDeletes);

    expect((await del('manager', verified.id)).statusCode).toBe(200);
    const stock = await stockOf(fresh.id);
    expect(stock?.onHand).toBe(6);
    expect(await receiptsOf(verified.id)).toHaveLength(1);
    expect(await ledgerSums(ctx.handle.db, stock!.id)).toMatchObject({ onHand: 6 });
  });
});
