import type { BillingPreview } from '@wms/contract/billing';
import { addDays } from '@wms/contract/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, createProduct } from './support/catalogue';
import { assembledKit, createWorkOrderOk } from './support/kit-work-orders';
import { createOrdersOk, orderInput } from './support/order-creation';
import { verifyAllItems } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation, placeUnits } from './support/waves';

/**
 * Kit charges derived from the ledger and the orders, to the cent. Today (warehouse Alpha, UTC), the billing clock
 * past it:
 *   KWO A builds 5 kits (completed), KWO B takes 2 apart (completed), KWO C builds 1 (cancelled: nothing billed).
 *   An order of 3 bundles (2 components each) ships.
 *   Rates: $0.50 a kit assembled, $0.30 a kit taken apart, $1.25 a bundle shipped.
 *   → assembly 5 × $0.50 = $2.50, disassembly 2 × $0.30 = $0.60, bundles 3 × $1.25 = $3.75.
 */
let ctx: TestContext;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const tomorrow = new Date(`${addDays(today, 1)}T12:00:00Z`);
  ctx = await createTestContext({}, { billingClock: () => tomorrow });
});
afterAll(() => ctx.close());

describe('kit charges', () => {
  it('per kit assembled and taken apart (the work order as evidence), per bundle shipped (the order)', async () => {
    const cards = await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' });
    const saved = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/rate-cards/${cards.json().rate_cards[0].id}`,
      payload: {
        effective_from: today,
        rates: {
          kit_assembly: { rate_micros: 500_000, enabled: true },
          kit_disassembly: { rate_micros: 300_000, enabled: true },
          bundle_shipped: { rate_micros: 1_250_000, enabled: true },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const account = ctx.world.accounts.clientActive;
    const alpha = ctx.world.warehouses.alpha;
    const bin = await newLocation(ctx, alpha, { type: 'pick' });
    const kit = await assembledKit(ctx, account, alpha, [1, 2]);
    for (const c of kit.components) await placeUnits(ctx, c.inventoryId, bin.id, 30);
    const build = { kit_product_id: kit.kitId, warehouse_id: alpha };
    const a = await createWorkOrderOk(ctx, 'manager', { ...build, quantity: 5 });
    const c = await createWorkOrderOk(ctx, 'manager', { ...build, quantity: 1 });
    for (const [id, action] of [
      [a.id, 'complete'],
      [c.id, 'cancel'],
    ] as const) {
      const res = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${id}/${action}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const b = await createWorkOrderOk(ctx, 'manager', { ...build, quantity: 2, kind: 'disassemble' });
    const done = await ctx.as('manager', { method: 'POST', url: `/api/kit-work-orders/${b.id}/complete` });
    expect(done.statusCode, done.body).toBe(200);

    // A bundle of two components, ordered 3 times, shipped.
    const x = await createProduct(ctx, account);
    const y = await createProduct(ctx, account);
    await createInventory(ctx, { productId: x.id, warehouseId: alpha, accountId: account, onHand: 10 });
    await createInventory(ctx, { productId: y.id, warehouseId: alpha, accountId: account, onHand: 10 });
    const bundle = await createProduct(ctx, account, { kind: 'bundle' });
    const put = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/products/${bundle.id}/components`,
      payload: {
        components: [
          { product_id: x.id, quantity: 1 },
          { product_id: y.id, quantity: 2 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const created = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [{ product_id: bundle.id, quantity: 3 }]),
    ]);
    const order = created.data[0] as { id: number; order_number: string };
    await verifyAllItems(ctx, order.id);
    const shipped = await ctx.as('admin', {
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const res = await ctx.as('admin', {
      method: 'GET',
      url: `/api/billing/preview?account_id=${account}&from=${today}&to=${today}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview: BillingPreview = res.json().preview;
    const line = (type: string) =>
      (preview.groups.find((g) => g.charge_type === type)?.lines ?? []).map((l) => ({
        quantity: l.quantity,
        amount_cents: l.amount_cents,
        evidence: l.evidence,
      }));
    const numberOf = (id: number) => `KWO-${String(id).padStart(6, '0')}`;
    expect(line('kit_assembly')).toEqual([
      {
        quantity: 5,
        amount_cents: 250,
        evidence: [{ kind: 'kit_work_order', id: a.id, reference: numberOf(a.id), date: today, quantity: 5 }],
      },
    ]);
    expect(line('kit_disassembly')).toEqual([
      {
        quantity: 2,
        amount_cents: 60,
        evidence: [{ kind: 'kit_work_order', id: b.id, reference: numberOf(b.id), date: today, quantity: 2 }],
      },
    ]);
    const orderNumber = (await ctx.as('admin', { method: 'GET', url: `/api/orders/${order.id}` })).json().data
      .order_number as string;
    expect(line('bundle_shipped')).toEqual([
      {
        quantity: 3,
        amount_cents: 375,
        evidence: [{ kind: 'order', id: order.id, reference: orderNumber, date: today, quantity: 3 }],
      },
    ]);

    // The dashboard's per-day statements bill the same (when tomorrow is still this month, today is in its period).
    if (addDays(today, 1).slice(0, 7) === today.slice(0, 7)) {
      const dash = await ctx.as('admin', { method: 'GET', url: '/api/billing/dashboard' });
      expect(dash.statusCode, dash.body).toBe(200);
      const byType = Object.fromEntries(
        (dash.json().dashboard.unbilled.by_charge_type as { charge_type: string; total_cents: number }[]).map((t) => [
          t.charge_type,
          t.total_cents,
        ]),
      );
      expect([byType.kit_assembly, byType.kit_disassembly, byType.bundle_shipped]).toEqual([250, 60, 375]);
    }
  });
});
