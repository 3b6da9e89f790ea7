import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
let alpha: number;
let beta: number;
/** A warehouse made through the API: it gets an empty UNASSIGNED location at once. */
let fresh: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ alpha, beta } = ctx.world.warehouses);
  // Stock without a location puts (and, in the test world's warehouses, creates) UNASSIGNED in Alpha and Beta.
  await stockedProduct(ctx, ctx.world.accounts.clientActive, alpha, 5);
  await stockedProduct(ctx, ctx.world.accounts.otherClient, beta, 5);
  const created = await ctx.as('admin', {
    method: 'POST',
    url: '/api/warehouses',
    payload: { name: 'Fresh Warehouse', code: 'FRESH-01' },
  });
  expect(created.statusCode, created.body).toBe(201);
  fresh = created.json().warehouse.id;
});
afterAll(() => ctx.close());

/** The warehouse's UNASSIGNED location, as the locations list answers it. */
async function unassignedOf(warehouseId: number) {
  const res = await ctx.as('admin', {
    method: 'GET',
    url: `/api/warehouses/${warehouseId}/locations?search=UNASSIGNED`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json().data.find((l: { code: string }) => l.code === 'UNASSIGNED');
  expect(found).toBeDefined();
  return found as {
    id: number;
    code: string;
    zone: string;
    type: string;
    is_active: boolean;
    notes: string | null;
    units_held: number;
  };
}

const put = (id: number, payload: Record<string, unknown>, actor: 'admin' | 'manager' = 'admin') =>
  ctx.as(actor, { method: 'PUT', url: `/api/locations/${id}`, payload });

describe('the UNASSIGNED location is kept (stock that names no location lands there)', () => {
  it('cannot be deleted, even empty', async () => {
    const unassigned = await unassignedOf(fresh);
    expect(unassigned).toMatchObject({ units_held: 0 });
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/locations/${unassigned.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The UNASSIGNED location cannot be deleted: stock that names no location is kept there.',
    );
    expect((await unassignedOf(fresh)).id).toBe(unassigned.id);
  });

  it('cannot be deactivated', async () => {
    const { id, zone, type } = await unassignedOf(alpha);
    const res = await put(id, { code: 'UNASSIGNED', zone, type, is_active: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The UNASSIGNED location cannot be deactivated: stock that names no location is kept there.',
    );
    expect((await unassignedOf(alpha)).is_active).toBe(true);
  });

  it('cannot have its code changed', async () => {
    const { id, zone, type } = await unassignedOf(alpha);
    const res = await put(id, { code: 'RECV-01', zone, type, is_active: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The code of the UNASSIGNED location cannot be changed: stock that names no location is kept there.',
    );
    expect((await unassignedOf(alpha)).code).toBe('UNASSIGNED');
  });

  it('may still be edited otherwise (notes), and out-of-scope ids stay 404 for a manager', async () => {
    const { id, zone, type } = await unassignedOf(alpha);
    const res = await put(id, { code: 'UNASSIGNED', zone, type, is_active: true, notes: 'Dock door 3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().location.notes).toBe('Dock door 3');
    const other = await unassignedOf(beta);
    expect((await ctx.as('manager', { method: 'DELETE', url: `/api/locations/${other.id}` })).statusCode).toBe(404);
  });

  it('other locations may still be renamed, deactivated and deleted', async () => {
    const created = await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${alpha}/locations`,
      payload: { code: 'X-1', zone: 'X' },
    });
    const { id } = created.json().location;
    expect((await put(id, { code: 'X-2', zone: 'X', is_active: false })).statusCode).toBe(200);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/locations/${id}` })).statusCode).toBe(200);
  });
});
