import { KIT_MESSAGES } from '@wms/contract/kits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const putComponents = (actor: Actor, id: number, components: { product_id: number; quantity: number }[]) =>
  ctx.as(actor, { method: 'PUT', url: `/api/products/${id}/components`, payload: { components } });
const getComponents = (actor: Actor, id: number) =>
  ctx.as(actor, { method: 'GET', url: `/api/products/${id}/components` });
const setKind = async (actor: Actor, id: number, kind: string) => {
  const current = (await ctx.as(actor, { method: 'GET', url: `/api/products/${id}` })).json().data;
  return ctx.as(actor, {
    method: 'PUT',
    url: `/api/products/${id}`,
    payload: { sku: current.sku, name: current.name, kind },
  });
};

describe('product kinds', () => {
  it('creates standard by default and answers the kind; a bundle and an assembled kit are created as such', async () => {
    const account = ctx.world.accounts.clientActive;
    const plain = await createProduct(ctx, account);
    const bundle = await createProduct(ctx, account, { kind: 'bundle' });
    const assembled = await createProduct(ctx, account, { kind: 'assembled' });
    for (const [id, kind] of [
      [plain.id, 'standard'],
      [bundle.id, 'bundle'],
      [assembled.id, 'assembled'],
    ] as const) {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/products/${id}` });
      expect(res.json().data).toMatchObject({ kind, components: [], kits: [] });
    }
  });

  it('refuses an unknown kind with the message on kind', async () => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: { sku: 'K-BAD', name: 'x', account_id: ctx.world.accounts.clientActive, kind: 'virtual' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.kind).toEqual([KIT_MESSAGES.kindInvalid]);
  });

  it('an edit without kind keeps the stored kind', async () => {
    const bundle = await createProduct(ctx, ctx.world.accounts.clientActive, { kind: 'bundle' });
    const res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/products/${bundle.id}`,
      payload: { sku: bundle.sku, name: 'Renamed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.kind).toBe('bundle');
  });
});

describe('PUT /api/products/{id}/components', () => {
  it('replaces the list in one go, answers it on the kit and the kits on the component, and records an event', async () => {
    const account = ctx.world.accounts.clientActive;
    const tent = await createProduct(ctx, account, { name: 'Tent' });
    const bag = await createProduct(ctx, account, { name: 'Sleeping bag' });
    const lamp = await createProduct(ctx, account, { name: 'Lamp' });
    const kit = await createProduct(ctx, account, { kind: 'bundle', name: 'Camping set' }, 'client');

    const first = await putComponents('client', kit.id, [
      { product_id: tent.id, quantity: 1 },
      { product_id: bag.id, quantity: 2 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: KIT_MESSAGES.componentsUpdated, kind: 'bundle', kits: [] });
    expect(
      first.json().components.map((c: { product_id: number; quantity: number }) => [c.product_id, c.quantity]),
    ).toEqual(
      expect.arrayContaining([
        [tent.id, 1],
        [bag.id, 2],
      ]),
    );

    // Replaced, not merged: the tent is gone, the lamp is in.
    const second = await putComponents('client', kit.id, [
      { product_id: bag.id, quantity: 3 },
      { product_id: lamp.id, quantity: 1 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const detail = (await ctx.as('client', { method: 'GET', url: `/api/products/${kit.id}` })).json().data;
    expect(detail.components.map((c: { product_id: number }) => c.product_id).sort()).toEqual([bag.id, lamp.id].sort());
    expect(detail.components.find((c: { product_id: number }) => c.product_id === bag.id).quantity).toBe(3);

    const bagView = (await getComponents('client', bag.id)).json();
    expect(bagView).toMatchObject({ kind: 'standard', components: [], kits: [{ product_id: kit.id, quantity: 3 }] });
    expect((await getComponents('client', tent.id)).json().kits).toEqual([]);

    const events = await activityOf(ctx.handle.db, 'product', kit.id);
    expect(events[0]).toMatchObject({ kind: 'product.components_changed' });
    expect(events[0]!.properties).toMatchObject({ sku: kit.sku });

    // An empty list clears it.
    expect((await putComponents('client', kit.id, [])).json().components).toEqual([]);
  });

  it('refuses every bad line at once and writes nothing', async () => {
    const account = ctx.world.accounts.clientActive;
    const good = await createProduct(ctx, account);
    const otherKit = await createProduct(ctx, account, { kind: 'assembled' });
    const foreign = await createProduct(ctx, ctx.world.accounts.neighbourActive);
    const kit = await createProduct(ctx, account, { kind: 'bundle' });
    expect((await putComponents('admin', kit.id, [{ product_id: good.id, quantity: 1 }])).statusCode).toBe(200);

    const res = await putComponents('admin', kit.id, [
      { product_id: good.id, quantity: 2 },
      { product_id: otherKit.id, quantity: 1 },
      { product_id: foreign.id, quantity: 1 },
      { product_id: good.id, quantity: 1 },
      { product_id: kit.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(422);
    const otherSku = (await ctx.as('admin', { method: 'GET', url: `/api/products/${otherKit.id}` })).json().data.sku;
    expect(res.json().errors).toEqual({
      'components.1.product_id': [KIT_MESSAGES.componentIsKit(otherSku)],
      'components.2.product_id': [KIT_MESSAGES.componentNotFound],
      'components.3.product_id': [KIT_MESSAGES.componentRepeated],
      'components.4.product_id': [KIT_MESSAGES.componentIsSelf],
    });
    // Nothing changed.
    expect((await getComponents('admin', kit.id)).json().components).toMatchObject([
      { product_id: good.id, quantity: 1 },
    ]);
  });

  it.each([[0], [-1], [1.5]])('refuses quantity %s', async (quantity) => {
    const account = ctx.world.accounts.clientActive;
    const part = await createProduct(ctx, account);
    const kit = await createProduct(ctx, account, { kind: 'bundle' });
    const res = await putComponents('admin', kit.id, [{ product_id: part.id, quantity }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['components.0.quantity']).toEqual([KIT_MESSAGES.quantityInvalid]);
  });

  it('refuses components on a standard product', async () => {
    const account = ctx.world.accounts.clientActive;
    const part = await createProduct(ctx, account);
    const plain = await createProduct(ctx, account);
    const res = await putComponents('admin', plain.id, [{ product_id: part.id, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.components).toEqual([KIT_MESSAGES.notAKit]);
  });
});

describe('kind changes', () => {
  it('refuses a kit with components becoming standard, and a component becoming a kit; nothing changes', async () => {
    const account = ctx.world.accounts.clientActive;
    const part = await createProduct(ctx, account);
    const kit = await createProduct(ctx, account, { kind: 'bundle' });
    await putComponents('admin', kit.id, [{ product_id: part.id, quantity: 2 }]);

    const toStandard = await setKind('admin', kit.id, 'standard');
    expect(toStandard.statusCode).toBe(422);
    expect(toStandard.json().errors.kind).toEqual([KIT_MESSAGES.standardWithComponents]);

    const toKit = await setKind('admin', part.id, 'assembled');
    expect(toKit.statusCode).toBe(422);
    expect(toKit.json().errors.kind).toEqual([KIT_MESSAGES.componentCannotBeKit([kit.sku])]);

    expect((await ctx.as('admin', { method: 'GET', url: `/api/products/${kit.id}` })).json().data.kind).toBe('bundle');
    expect((await ctx.as('admin', { method: 'GET', url: `/api/products/${part.id}` })).json().data.kind).toBe(
      'standard',
    );

    // A bundle and an assembled kit may trade kinds; once emptied, the kit may become standard.
    expect((await setKind('admin', kit.id, 'assembled')).statusCode).toBe(200);
    await putComponents('admin', kit.id, []);
    expect((await setKind('admin', kit.id, 'standard')).statusCode).toBe(200);
  });

  it('refuses a stocked product becoming a bundle (a bundle has no stock of its own)', async () => {
    const account = ctx.world.accounts.clientActive;
    const stocked = await createProduct(ctx, account);
    await createInventory(ctx, {
      productId: stocked.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: account,
      onHand: 3,
    });
    const res = await setKind('admin', stocked.id, 'bundle');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.kind).toEqual([KIT_MESSAGES.bundleWithStock]);
    expect((await setKind('admin', stocked.id, 'assembled')).statusCode).toBe(200);
  });

  it('refuses deleting a product that is a kit component', async () => {
    const account = ctx.world.accounts.clientActive;
    const part = await createProduct(ctx, account);
    const kit = await createProduct(ctx, account, { kind: 'bundle' });
    await putComponents('admin', kit.id, [{ product_id: part.id, quantity: 1 }]);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/products/${part.id}` })).statusCode).toBe(409);
    // Deleting the kit takes its list with it.
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/products/${kit.id}` })).statusCode).toBe(200);
    expect((await getComponents('admin', part.id)).json().kits).toEqual([]);
  });
});

describe('scope', () => {
  it('answers 404 for another client’s kit and another warehouse’s manager, and writes nothing', async () => {
    const account = ctx.world.accounts.clientActive;
    const part = await createProduct(ctx, account);
    const kit = await createProduct(ctx, account, { kind: 'bundle' });
    await putComponents('client', kit.id, [{ product_id: part.id, quantity: 1 }]);
    for (const actor of ['neighbourClient', 'otherManager'] as const) {
      expect((await getComponents(actor, kit.id)).statusCode).toBe(404);
      expect((await putComponents(actor, kit.id, [])).statusCode).toBe(404);
      expect((await ctx.as(actor, { method: 'GET', url: `/api/products/${kit.id}` })).statusCode).toBe(404);
    }
    // A neighbour's kit cannot list this client's product.
    const neighbourKit = await createProduct(
      ctx,
      ctx.world.accounts.neighbourActive,
      { kind: 'bundle' },
      'neighbourClient',
    );
    const res = await putComponents('neighbourClient', neighbourKit.id, [{ product_id: part.id, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['components.0.product_id']).toEqual([KIT_MESSAGES.componentNotFound]);
    expect((await getComponents('client', kit.id)).json().components).toHaveLength(1);
    expect((await getComponents('client', part.id)).json().kits).toHaveLength(1);
    // The manager of the kit's warehouse reads it.
    expect((await getComponents('manager', kit.id)).statusCode).toBe(200);
  });
});
