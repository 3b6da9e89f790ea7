import type { BillingPreview } from '@wms/contract/billing';
import { addDays } from '@wms/contract/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, receive, shippedOrder } from './support/returns';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation } from './support/waves';

/**
 * Return charges derived from the ledger, to the cent. Today (warehouse Alpha, UTC), with the billing clock past it:
 *   RMA A, 3 units back: 2 restocked, 1 into quarantine, later disposed of (inspected).
 *   RMA B, 1 unit back not restocked: nothing entered stock, so nothing is billed for it.
 *   Rates: $2.00 a return, $1.50 its first unit, $0.75 each extra unit, $0.40 a unit inspected.
 *   → return 1 × $2.00, first unit 1 × $1.50, extra units 2 × $0.75 = $1.50, inspected 1 × $0.40.
 */
let ctx: TestContext;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const tomorrow = new Date(`${addDays(today, 1)}T12:00:00Z`);
  ctx = await createTestContext({}, { billingClock: () => tomorrow });
});
afterAll(() => ctx.close());

describe('return charges', () => {
  it('per return received, first and extra units, units inspected, with the return as evidence', async () => {
    const cards = await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' });
    const defaultCard = cards.json().rate_cards[0].id;
    const saved = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/rate-cards/${defaultCard}`,
      payload: {
        effective_from: today,
        rates: {
          return_received: { rate_micros: 2_000_000, enabled: true },
          return_first_unit: { rate_micros: 1_500_000, enabled: true },
          return_extra_unit: { rate_micros: 750_000, enabled: true },
          return_unit_inspected: { rate_micros: 400_000, enabled: true },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const bin = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'storage' });
    const quarantine = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'quarantine' });
    const a = await announced(ctx, await shippedOrder(ctx, { quantity: 3 }), 3);
    const b = await announced(ctx, await shippedOrder(ctx, { quantity: 1 }), 1);
    const received = await receive(ctx, a.id, [
      { line_id: a.lineId, quantity: 2, disposition: 'restocked', location_id: bin.id },
      { line_id: a.lineId, quantity: 1, disposition: 'processing_required', location_id: quarantine.id },
    ]);
    expect(received.statusCode, received.body).toBe(200);
    const inspected = await ctx.as('manager', {
      method: 'POST',
      url: `/api/returns/${a.id}/lines/${a.lineId}/release`,
      payload: { quantity: 1, action: 'dispose' },
    });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(
      (await receive(ctx, b.id, [{ line_id: b.lineId, quantity: 1, disposition: 'not_restocked' }])).statusCode,
    ).toBe(200);

    const res = await ctx.as('admin', {
      method: 'GET',
      url: `/api/billing/preview?account_id=${ctx.world.accounts.clientActive}&from=${today}&to=${today}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview: BillingPreview = res.json().preview;
    const line = (type: string) => {
      const lines = preview.groups.find((g) => g.charge_type === type)?.lines ?? [];
      return lines.map((l) => ({ quantity: l.quantity, amount_cents: l.amount_cents, evidence: l.evidence }));
    };
    const evidence = (quantity: number) => [{ kind: 'return', id: a.id, reference: a.rma, date: today, quantity }];
    expect(line('return_received')).toEqual([{ quantity: 1, amount_cents: 200, evidence: evidence(1) }]);
    expect(line('return_first_unit')).toEqual([{ quantity: 1, amount_cents: 150, evidence: evidence(1) }]);
    expect(line('return_extra_unit')).toEqual([{ quantity: 2, amount_cents: 150, evidence: evidence(2) }]);
    expect(line('return_unit_inspected')).toEqual([{ quantity: 1, amount_cents: 40, evidence: evidence(1) }]);
  });
});
