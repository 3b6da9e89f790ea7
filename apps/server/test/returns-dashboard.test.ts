import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, receive, shippedOrder } from './support/returns';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation } from './support/waves';

/** The dashboard's return figures, scoped: Alpha's client and manager see Alpha's; Beta's manager none of them. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const returnsOf = async (actor: 'client' | 'manager' | 'otherManager') => {
  const res = await ctx.as(actor, { method: 'GET', url: '/api/dashboard?timeframe=30' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.returns;
};

describe('dashboard: returns', () => {
  it('open returns, units returned in the timeframe, return rate per account (returned / shipped units)', async () => {
    const bin = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'storage' });
    const first = await shippedOrder(ctx, { quantity: 4 });
    await shippedOrder(ctx, { quantity: 6 });
    const received = await announced(ctx, first, 2);
    const res = await receive(ctx, received.id, [
      { line_id: received.lineId, quantity: 2, disposition: 'restocked', location_id: bin.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await announced(ctx, first, 1);

    const expected = {
      open_returns: 1,
      units_returned: 2,
      return_rate: [
        {
          account: { id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods' },
          returned_units: 2,
          shipped_units: 10,
          rate: 0.2,
        },
      ],
    };
    expect(await returnsOf('client')).toEqual(expected);
    expect(await returnsOf('manager')).toEqual(expected);
    expect(await returnsOf('otherManager')).toEqual({ open_returns: 0, units_returned: 0, return_rate: [] });
  });
});
