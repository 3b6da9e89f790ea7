import { IDEMPOTENCY_MESSAGES } from '@wms/contract/idempotency';
import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyRequest, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/idempotency';
import { inquiries } from '../src/db/schema/inquiries';
import { orders } from '../src/db/schema/orders';
import { shipments } from '../src/db/schema/shipments';
import { claimIdempotencyKey } from '../src/modules/integrations/idempotency/idempotency-repository';
import { settleIdempotentRequest } from '../src/modules/integrations/idempotency/idempotent-requests';
import { createProduct } from './support/catalogue';
import { multipart } from './support/multipart';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import { orderInput, stockedProduct, uniqueOrderId } from './support/order-creation';
import { createOrder, samplePdf } from './support/orders';
import { sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import { type Actor, WORLD_PASSWORD } from './support/world';

let ctx: TestContext;
let product: { id: number; sku: string };
beforeAll(async () => {
  ctx = await createTestContext();
  product = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 1000);
});
afterAll(() => ctx.close());

let keys = 0;
const newKey = () => `test-key-${++keys}-${Date.now().toString(36)}`;

const send = (actor: Actor, key: string | undefined, options: InjectOptions) =>
  ctx.as(actor, { ...options, headers: { ...(options.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) } });

const bulkBody = (externalId: string, quantity = 1) => ({
  warehouse_id: ctx.world.warehouses.alpha,
  orders: [
    orderInput(ctx.world.accounts.clientActive, [{ product_id: product.id, quantity }], { order_id: externalId }),
  ],
});
const bulk = (actor: Actor, key: string | undefined, body: unknown) =>
  send(actor, key, { method: 'POST', url: '/api/orders/bulk', payload: body as Record<string, unknown> });
const ordersWithExternalId = (externalId: string) =>
  ctx.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.externalOrderId, externalId));

describe('POST /orders/bulk with an Idempotency-Key', () => {
  it('answers the first answer again (status and body) without creating the orders twice', async () => {
    const key = newKey();
    const externalId = uniqueOrderId('IDEM');
    const first = await bulk('client', key, bulkBody(externalId));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same content in another key order is the same request.
    const { warehouse_id, orders: list } = bulkBody(externalId);
    const again = await bulk('client', key, { orders: list, warehouse_id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersWithExternalId(externalId)).toHaveLength(1);
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    const key = newKey();
    const externalId = uniqueOrderId('IDEM');
    expect((await bulk('client', key, bulkBody(externalId))).statusCode).toBe(201);
    const other = uniqueOrderId('IDEM');
    const refused = await bulk('client', key, bulkBody(other, 2));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: IDEMPOTENCY_MESSAGES.keyReused,
      errors: { idempotency_key: [IDEMPOTENCY_MESSAGES.keyReused] },
    });
    expect(await ordersWithExternalId(other)).toHaveLength(0);
  });

  it('without the header, every request does the work', async () => {
    const body = bulkBody(uniqueOrderId('NOKEY'));
    expect((await bulk('client', undefined, body)).statusCode).toBe(201);
    // The second carries the same external order id: the order rules refuse it, as before this issue.
    expect((await bulk('client', undefined, body)).statusCode).toBe(422);
  });

  it('keys are per caller: two users (or a user and their API key) using the same key never collide', async () => {
    const key = newKey();
    const mine = await bulk('client', key, bulkBody(uniqueOrderId('MINE')));
    const stock = await stockedProduct(ctx, ctx.world.accounts.neighbourActive, ctx.world.warehouses.alpha, 5);
    const theirs = await bulk('neighbourClient', key, {
      warehouse_id: ctx.world.warehouses.alpha,
      orders: [orderInput(ctx.world.accounts.neighbourActive, [{ product_id: stock.id, quantity: 1 }])],
    });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data[0].id).not.toBe(mine.json().data[0].id);

    const created = await ctx.as('client', {
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: 'Shop',
        permissions: ['create orders'],
        account_id: ctx.world.accounts.clientActive,
        current_password: WORLD_PASSWORD,
      },
    });
    const viaKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/bulk',
      headers: { authorization: `Bearer ${created.json().secret}`, 'idempotency-key': key },
      payload: bulkBody(uniqueOrderId('KEY')),
    });
    expect(viaKey.statusCode, viaKey.body).toBe(201);
    expect(viaKey.headers['idempotent-replayed']).toBeUndefined();
  });

  it('concurrent duplicates wait for the first and all answer its answer: one order, one reservation', async () => {
    const key = newKey();
    const externalId = uniqueOrderId('RACE');
    const answers = await Promise.all(Array.from({ length: 6 }, () => bulk('client', key, bulkBody(externalId, 3))));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const bodies = answers.map((a) => a.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    const created = await ordersWithExternalId(externalId);
    expect(created).toHaveLength(1);
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });

  it('a refused first answer (a 4xx the work decided) is replayed too; a request refused before the work takes no key', async () => {
    const key = newKey();
    // Another client's account: the order rules answer 422 after the key was taken, and the work rolled back.
    const foreign = {
      warehouse_id: ctx.world.warehouses.alpha,
      orders: [orderInput(ctx.world.accounts.neighbourActive, [{ product_id: product.id, quantity: 1 }])],
    };
    const first = await bulk('client', key, foreign);
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const again = await bulk('client', key, foreign);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    // Schema validation refuses before any key is taken: the key stays free for the corrected request.
    const fresh = newKey();
    expect((await bulk('client', fresh, { warehouse_id: 'x', orders: [] })).statusCode).toBe(422);
    expect((await bulk('client', fresh, bulkBody(uniqueOrderId('FIXED')))).statusCode).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const res = await bulk('client', 'x'.repeat(256), bulkBody(uniqueOrderId('BAD')));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ idempotency_key: [IDEMPOTENCY_MESSAGES.keyInvalid] });
  });

  it('a key past its 24 h is a new request, and expired rows are pruned', async () => {
    const key = newKey();
    const externalId = uniqueOrderId('OLD');
    expect((await bulk('client', key, bulkBody(externalId))).statusCode).toBe(201);
    await ctx.handle.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(idempotencyKeys.key, key));
    const stale = newKey();
    await ctx.handle.db.insert(idempotencyKeys).values({
      caller: 'user:999999',
      key: stale,
      fingerprint: 'x',
      expiresAt: new Date(Date.now() - 1000),
    });
    const reused = await bulk('client', key, bulkBody(uniqueOrderId('NEW')));
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    const left = await ctx.handle.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, [key, stale]));
    expect(left).toEqual([{ key }]);
  });
});

describe('settling a claimed key', () => {
  const claimed = async () => {
    const key = newKey();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const id = await claimIdempotencyKey(ctx.handle.db, { caller: 'user:1', key, fingerprint: 'f', expiresAt });
    const request = { idempotencyClaim: { id: id!, settled: false }, log: { error() {} } };
    return { key, request: request as unknown as FastifyRequest };
  };
  const rowOf = async (key: string) =>
    (await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

  it('stores an answer below 500 for replay, and releases the key on a 5xx (nothing was committed)', async () => {
    const refused = await claimed();
    await settleIdempotentRequest(ctx.handle.db, refused.request, 409, { message: 'Conflict' });
    expect(await rowOf(refused.key)).toMatchObject({ responseStatus: 409, responseBody: { message: 'Conflict' } });

    const failed = await claimed();
    await settleIdempotentRequest(ctx.handle.db, failed.request, 500, { message: 'Server error' });
    expect(await rowOf(failed.key)).toBeUndefined();
  });
});

describe('the other idempotent writes', () => {
  it('POST /shipments and POST /inquiries replay their first answer', async () => {
    const shipment = {
      account_id: ctx.world.accounts.clientActive,
      warehouse_id: ctx.world.warehouses.alpha,
      product_id: product.id,
      quantity: 7,
      tracking_number: `IDEM-${Date.now()}`,
      carrier: 'UPS',
      delivery_date: '2026-12-01',
      notes: null,
    };
    const key = newKey();
    const one = await send('client', key, { method: 'POST', url: '/api/shipments', payload: shipment });
    const two = await send('client', key, { method: 'POST', url: '/api/shipments', payload: shipment });
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json()).toEqual(one.json());
    const announced = await ctx.handle.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingNumber, shipment.tracking_number));
    expect(announced).toHaveLength(1);

    const query = `Idempotent question ${Date.now()}`;
    const inquiry = { type: 'general', query, warehouse_id: ctx.world.warehouses.alpha };
    const inquiryKey = newKey();
    const a = await send('client', inquiryKey, { method: 'POST', url: '/api/inquiries', payload: inquiry });
    const b = await send('client', inquiryKey, { method: 'POST', url: '/api/inquiries', payload: inquiry });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(await ctx.handle.db.select().from(inquiries).where(like(inquiries.query, query))).toHaveLength(1);
  });

  it('POST /orders/import hashes the parts: the same file under another boundary replays, another file is refused', async () => {
    const header = ORDER_IMPORT_COLUMNS.map((c) => c.label);
    const externalId = uniqueOrderId('IMP');
    const file = sheetFile(
      [header, ['Cleo Active Goods', externalId, 'Ann', '2026-12-01', '', product.sku, 1, '']],
      'csv',
    );
    const upload = (key: string, content: Buffer) =>
      send('client', key, {
        method: 'POST',
        url: '/api/orders/import',
        ...multipart({ warehouse_id: ctx.world.warehouses.alpha }, { filename: 'orders.csv', content }),
      });
    const key = newKey();
    const first = await upload(key, file);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(key, file);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersWithExternalId(externalId)).toHaveLength(1);
    const otherFile = sheetFile(
      [header, ['Cleo Active Goods', uniqueOrderId('IMP'), 'Ann', '2026-12-01', '', product.sku, 2, '']],
      'csv',
    );
    expect((await upload(key, otherFile)).statusCode).toBe(422);
  });

  it('POST /merge-items replays its first answer (one merge item)', async () => {
    const stock = await createProduct(ctx, ctx.world.accounts.clientActive);
    const [a, b] = [
      await createOrder(ctx, {
        accountId: ctx.world.accounts.clientActive,
        warehouseId: ctx.world.warehouses.alpha,
        lines: [{ productId: stock.id, quantity: 1 }],
      }),
      await createOrder(ctx, {
        accountId: ctx.world.accounts.clientActive,
        warehouseId: ctx.world.warehouses.alpha,
        lines: [{ productId: stock.id, quantity: 1 }],
      }),
    ];
    const pdf = await samplePdf();
    const merge = (key: string) =>
      send('client', key, {
        method: 'POST',
        url: '/api/merge-items',
        ...multipart(
          { title: 'Idempotent merge', order_ids: JSON.stringify([a!.id, b!.id]) },
          { field: 'pdf_file', filename: 'packing.pdf', content: pdf, contentType: 'application/pdf' },
        ),
      });
    const key = newKey();
    const first = await merge(key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await merge(key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
  });
});
