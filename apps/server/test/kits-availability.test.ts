import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, createProduct, uniqueSku } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const setComponents = async (kitId: number, components: { product_id: number; quantity: number }[]) => {
  const res = await ctx.as('admin', {
    method: 'PUT',
    url: `/api/products/${kitId}/components`,
    payload: { components },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const searchRow = async (actor: Actor, sku: string, warehouseId: number, accountId: number) => {
  const res = await ctx.as(actor, {
    method: 'GET',
    url: `/api/orders/available-inventory?search=${encodeURIComponent(sku)}&account_id=${accountId}&warehouse_id=${warehouseId}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((r: { sku: string }) => r.sku === sku);
};

describe('bundle availability in the order-creation product search', () => {
  it('is the least over components of floor(available / per kit), per warehouse', async () => {
    const account = ctx.world.accounts.clientActive;
    const { alpha } = ctx.world.warehouses;
    const tent = await createProduct(ctx, account);
    const bag = await createProduct(ctx, account);
    const kit = await createProduct(ctx, account, { kind: 'bundle', sku: uniqueSku('CAMP') });
    // Tent: 7 on hand, 2 reserved → 5 available → 5 kits; bags: 9 available at 2 per kit → 4 kits.
    await createInventory(ctx, { productId: tent.id, warehouseId: alpha, accountId: account, onHand: 7, reserved: 2 });
    await createInventory(ctx, { productId: bag.id, warehouseId: alpha, accountId: account, onHand: 9 });
    await setComponents(kit.id, [
      { product_id: tent.id, quantity: 1 },
      { product_id: bag.id, quantity: 2 },
    ]);
    expect(await searchRow('client', kit.sku, alpha, account)).toMatchObject({
      kind: 'bundle',
      quantity_available: 4,
      inventory_status: 'low_stock',
    });
    // Three bags per kit: floor(9 / 3) = 3.
    await setComponents(kit.id, [
      { product_id: tent.id, quantity: 1 },
      { product_id: bag.id, quantity: 3 },
    ]);
    expect((await searchRow('client', kit.sku, alpha, account)).quantity_available).toBe(3);
    // A component with no stock row in the warehouse makes none.
    const lamp = await createProduct(ctx, account);
    await setComponents(kit.id, [
      { product_id: tent.id, quantity: 1 },
      { product_id: lamp.id, quantity: 1 },
    ]);
    expect(await searchRow('client', kit.sku, alpha, account)).toMatchObject({
      quantity_available: 0,
      inventory_status: 'out_of_stock',
    });
    // A standard product still answers its own stock.
    expect(await searchRow('client', tent.sku, alpha, account)).toMatchObject({
      kind: 'standard',
      quantity_available: 5,
    });
  });

  it('a bundle without components makes none', async () => {
    const account = ctx.world.accounts.clientActive;
    const { alpha } = ctx.world.warehouses;
    const empty = await createProduct(ctx, account, { kind: 'bundle' });
    expect((await searchRow('client', empty.sku, alpha, account)).quantity_available).toBe(0);
  });
});

describe("an account's bundles with what they make (kind=bundle)", () => {
  it('lists only the bundles of the account named, with their availability; another client gets 404', async () => {
    const account = ctx.world.accounts.clientActive;
    const { alpha } = ctx.world.warehouses;
    const mug = await createProduct(ctx, account);
    await createInventory(ctx, { productId: mug.id, warehouseId: alpha, accountId: account, onHand: 6 });
    const giftSet = await createProduct(ctx, account, { kind: 'bundle', sku: uniqueSku('GIFT') });
    await setComponents(giftSet.id, [{ product_id: mug.id, quantity: 2 }]);
    const res = await ctx.as('client', {
      method: 'GET',
      url: `/api/orders/available-inventory?kind=bundle&account_id=${account}&warehouse_id=${alpha}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { sku: string; kind: string; quantity_available: number }[];
    expect(rows.every((row) => row.kind === 'bundle')).toBe(true);
    expect(rows.find((row) => row.sku === giftSet.sku)?.quantity_available).toBe(3);
    expect(rows.some((row) => row.sku === mug.sku)).toBe(false);
    // The other client of the same warehouse names this account: out of scope.
    const other = await ctx.as('otherClient', {
      method: 'GET',
      url: `/api/orders/available-inventory?kind=bundle&account_id=${account}&warehouse_id=${alpha}`,
    });
    expect(other.statusCode).toBe(404);
    const unknownKind = await ctx.as('client', {
      method: 'GET',
      url: `/api/orders/available-inventory?kind=kit&account_id=${account}&warehouse_id=${alpha}`,
    });
    expect(unknownKind.statusCode).toBe(422);
  });
});

describe('assembled kits in the inventory list', () => {
  it('answer how many more could be built from the components available in the row’s warehouse', async () => {
    const account = ctx.world.accounts.clientActive;
    const { alpha } = ctx.world.warehouses;
    const base = await createProduct(ctx, account);
    const cap = await createProduct(ctx, account);
    const kit = await createProduct(ctx, account, { kind: 'assembled' });
    await createInventory(ctx, { productId: base.id, warehouseId: alpha, accountId: account, onHand: 10 });
    await createInventory(ctx, { productId: cap.id, warehouseId: alpha, accountId: account, onHand: 7, reserved: 1 });
    const kitRow = await createInventory(ctx, { productId: kit.id, warehouseId: alpha, accountId: account, onHand: 2 });
    await setComponents(kit.id, [
      { product_id: base.id, quantity: 2 },
      { product_id: cap.id, quantity: 3 },
    ]);
    const res = await ctx.as('manager', { method: 'GET', url: `/api/inventories/${kitRow.id}` });
    expect(res.statusCode, res.body).toBe(200);
    // base: 10 / 2 = 5; cap: (7 − 1) / 3 = 2 → 2 more kits; its own 2 on hand stay its own.
    expect(res.json().data).toMatchObject({
      quantity_available: 2,
      kit_buildable: 2,
      product: { id: kit.id, kind: 'assembled' },
    });
    const list = await ctx.as('manager', {
      method: 'GET',
      url: `/api/inventories?warehouse_id=${alpha}&search=${encodeURIComponent(kit.sku)}`,
    });
    const rows = list.json().data as { product_id: number; kit_buildable: number | null }[];
    expect(rows.find((r) => r.product_id === kit.id)?.kit_buildable).toBe(2);
    expect(rows.every((r) => r.product_id !== kit.id || r.kit_buildable === 2)).toBe(true);
    const plain = await ctx.as('manager', {
      method: 'GET',
      url: `/api/inventories?warehouse_id=${alpha}&search=${encodeURIComponent((await ctx.as('admin', { method: 'GET', url: `/api/products/${base.id}` })).json().data.sku)}`,
    });
    expect(plain.json().data[0]).toMatchObject({ product_id: base.id, kit_buildable: null });
  });
});
