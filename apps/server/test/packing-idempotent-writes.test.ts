import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packView, pickedOrder, setPrefix } from './support/packing';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The handheld's offline queue replays a packing scan with the key it was made with: when the first attempt was
 * applied but its answer never reached the bench (the Wi-Fi dropped), the replay must answer the first answer again
 * and change nothing. Without the route's `idempotent` config the replayed scan would verify a second unit, the
 * replayed "open carton" would open a second carton.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, key: string) =>
  ctx.as('manager', { method: 'POST', url, payload, headers: { 'idempotency-key': key } });

interface View {
  items: { verified: number; packed: number }[];
  cartons: { id: number; status: string; sscc: string | null; items: { quantity: number }[] }[];
}

describe('packing writes replayed with their Idempotency-Key', () => {
  it('a unit scanned twice with one key is verified and packed once; the replay answers the first answer', async () => {
    const w = await pickedOrder(ctx, { quantity: 3 });
    const url = `/api/orders/${w.order.id}/pack/scan`;
    const first = await post(url, { code: w.stock.sku }, `scan-${w.order.id}-1`);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await post(url, { code: w.stock.sku }, `scan-${w.order.id}-1`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const after = (await packView(ctx, w.order.id)) as View;
    expect(after.items[0]).toMatchObject({ verified: 1, packed: 1 });
    expect(after.cartons).toHaveLength(1);

    // A new key is a new scan: the second unit.
    const second = await post(url, { code: w.stock.sku }, `scan-${w.order.id}-2`);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(((await packView(ctx, w.order.id)) as View).items[0]).toMatchObject({ verified: 2, packed: 2 });
  });

  it('a refused scan replays its refusal, and the same key with another code is refused as reused', async () => {
    const w = await pickedOrder(ctx, { quantity: 1 });
    const url = `/api/orders/${w.order.id}/pack/scan`;
    const refused = await post(url, { code: 'NOT-IN-ORDER' }, `scan-refused-${w.order.id}`);
    expect(refused.statusCode).toBe(422);
    const again = await post(url, { code: 'NOT-IN-ORDER' }, `scan-refused-${w.order.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
    const reused = await post(url, { code: w.stock.sku }, `scan-refused-${w.order.id}`);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.idempotency_key).toBeDefined();
    expect(((await packView(ctx, w.order.id)) as View).items[0]).toMatchObject({ verified: 0 });
  });

  it('opening a carton and closing it replay too: one carton, one SSCC', async () => {
    const w = await pickedOrder(ctx, { quantity: 1 });
    const orderId = w.order.id;
    const types = await ctx.as('manager', {
      method: 'GET',
      url: `/api/warehouses/${ctx.world.warehouses.alpha}/carton-types`,
    });
    expect(types.statusCode, types.body).toBe(200);
    const custom = (types.json().data as { id: number; is_custom: boolean }[]).find((type) => type.is_custom)!;
    const open = { carton_type_id: custom.id, length_mm: 300, width_mm: 200, height_mm: 150 };
    const opened = await post(`/api/orders/${orderId}/cartons`, open, `open-${orderId}`);
    expect(opened.statusCode, opened.body).toBe(201);
    const reopened = await post(`/api/orders/${orderId}/cartons`, open, `open-${orderId}`);
    expect(reopened.statusCode).toBe(201);
    expect(reopened.headers['idempotent-replayed']).toBe('true');
    expect(reopened.json()).toEqual(opened.json());
    const cartons = ((await packView(ctx, orderId)) as View).cartons;
    expect(cartons).toHaveLength(1);

    expect((await post(`/api/orders/${orderId}/pack/scan`, { code: w.stock.sku }, `fill-${orderId}`)).statusCode).toBe(
      200,
    );
    const close = `/api/orders/${orderId}/cartons/${cartons[0]!.id}/close`;
    const closed = await post(close, { weight_g: 800 }, `close-${orderId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    const closedAgain = await post(close, { weight_g: 800 }, `close-${orderId}`);
    expect(closedAgain.headers['idempotent-replayed']).toBe('true');
    expect(closedAgain.json()).toEqual(closed.json());
    const after = (await packView(ctx, orderId)) as View;
    expect(after.cartons).toHaveLength(1);
    expect(after.cartons[0]).toMatchObject({ status: 'closed', sscc: closed.json().data.cartons[0].sscc });
  });
});
