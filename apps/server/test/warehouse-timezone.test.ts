import { WAREHOUSE_MESSAGES } from '@wms/contract/warehouses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const base = { name: 'Zone Depot', code: 'ZON' };

/** A warehouse's IANA time zone defines its billing days. */
describe('warehouse timezone', () => {
  it('defaults to UTC and keeps a valid IANA name', async () => {
    const created = await ctx.as('admin', { method: 'POST', url: '/api/warehouses', payload: base });
    expect(created.statusCode).toBe(201);
    const { warehouse } = created.json();
    expect(warehouse.timezone).toBe('UTC');

    const updated = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/warehouses/${warehouse.id}`,
      payload: { ...base, timezone: 'America/New_York' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().warehouse.timezone).toBe('America/New_York');

    // An update without the field keeps the zone.
    const kept = await ctx.as('admin', { method: 'PUT', url: `/api/warehouses/${warehouse.id}`, payload: base });
    expect(kept.json().warehouse.timezone).toBe('America/New_York');
  });

  it('refuses a name Intl does not know, with the field message', async () => {
    for (const timezone of ['Mars/Olympus', 'not a zone', '']) {
      const res = await ctx.as('admin', {
        method: 'POST',
        url: '/api/warehouses',
        payload: { ...base, code: `Z${timezone.length}`, timezone },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.timezone).toEqual([WAREHOUSE_MESSAGES.timezoneInvalid]);
    }
  });
});
