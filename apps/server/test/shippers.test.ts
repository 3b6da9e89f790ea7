import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ups = {
  name: 'UPS',
  code: 'ups',
  description: 'United Parcel Service',
  website: 'https://www.ups.com',
  tracking_url: 'https://www.ups.com/track?tracknum={tracking_number}',
};
const create = (payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: '/api/shippers', payload });

describe('shippers', () => {
  let upsId: number;

  it('creates a shipper, active by default, and records it', async () => {
    const res = await create(ups);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Shipper created successfully', shipper: { ...ups, is_active: true } });
    upsId = res.json().shipper.id;
    const [row] = await activityOf(ctx.handle.db, 'shipper', upsId);
    expect(row).toMatchObject({ kind: 'shipper.created', warehouseIds: [], accountIds: [] });
  });

  it('creates an inactive shipper with the optional fields empty', async () => {
    const res = await create({ name: 'FedEx', code: 'FDX', is_active: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().shipper).toMatchObject({ is_active: false, website: null, tracking_url: null });
  });

  it('refuses managers, whose shipments permissions do not reach a shipper every warehouse shares', async () => {
    const edit = (actor: Actor) =>
      ctx.as(actor, {
        method: 'PUT',
        url: `/api/shippers/${upsId}`,
        payload: { ...ups, is_active: true, tracking_url: 'https://evil.example.com/?t={tracking_number}' },
      });
    expect((await create({ name: 'Manager Freight', code: 'MGF' }, 'manager')).statusCode).toBe(403);
    expect((await edit('manager')).statusCode).toBe(403);
    const after = await ctx.as('admin', { method: 'GET', url: `/api/shippers/${upsId}` });
    expect(after.json().shipper.tracking_url).toBe(ups.tracking_url);
    // The shippers permission decides (roles are data): granted `edit shippers`, the manager may edit.
    const roles = (await ctx.as('admin', { method: 'GET', url: '/api/roles' })).json().data as {
      id: number;
      name: string;
      permissions: string[];
    }[];
    const manager = roles.find((r) => r.name === 'manager')!;
    const grant = (permissions: string[]) =>
      ctx.as('superAdmin', { method: 'PUT', url: `/api/roles/${manager.id}/permissions`, payload: { permissions } });
    expect((await grant([...manager.permissions, 'edit shippers'])).statusCode).toBe(200);
    try {
      const res = await ctx.as('manager', {
        method: 'PUT',
        url: `/api/shippers/${upsId}`,
        payload: { ...ups, is_active: true },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await grant(manager.permissions);
    }
  });

  it('refuses clients, who hold the shipments permissions for their own shipments only', async () => {
    const res = await create({ name: 'Client Courier', code: 'CLC' }, 'client');
    expect(res.statusCode).toBe(403);
    const list = await ctx.as('client', { method: 'GET', url: '/api/shippers?search=CLC' });
    expect(list.json().data).toEqual([]);
  });

  it.each([
    [{ code: 'X' }, 'name', 'Shipper name is required'],
    [{ name: 'X', code: '  ' }, 'code', 'Shipper code is required'],
    [{ name: 'X', code: 'X', website: 'ups dot com' }, 'website', 'The website must be a valid URL.'],
    [
      { name: 'X', code: 'X', tracking_url: 'https://t.example.com/' },
      'tracking_url',
      'The tracking URL must contain {tracking_number}.',
    ],
    [{ name: 'X', code: 'UPS' }, 'code', 'The code has already been taken.'],
  ])('answers 422 for %j on %s: %s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('lists with search on name, code and description, an is_active filter and paging', async () => {
    const list = async (query: string) => {
      const res = await ctx.as('client', { method: 'GET', url: `/api/shippers${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().shippers).toEqual(res.json().data);
      return res.json();
    };
    expect((await list('')).data.map((s: { code: string }) => s.code)).toEqual(['FDX', 'ups']);
    expect((await list('?search=parcel')).data.map((s: { code: string }) => s.code)).toEqual(['ups']);
    expect((await list('?search=fdx')).data.map((s: { code: string }) => s.code)).toEqual(['FDX']);
    expect((await list('?is_active=false')).data.map((s: { code: string }) => s.code)).toEqual(['FDX']);
    expect((await list('?per_page=1&page=2')).meta).toEqual({ total: 2, page: 2, per_page: 1, last_page: 2 });
  });

  it('shows one shipper as {shipper}', async () => {
    const res = await ctx.as('client', { method: 'GET', url: `/api/shippers/${upsId}` });
    expect(res.json().shipper).toMatchObject(ups);
  });

  it('updates a shipper and records a status change', async () => {
    const res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/shippers/${upsId}`,
      payload: { ...ups, name: 'UPS Ground', is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Shipper updated successfully',
      shipper: { name: 'UPS Ground', is_active: false },
    });
    const [row] = await activityOf(ctx.handle.db, 'shipper', upsId);
    expect(row).toMatchObject({ kind: 'shipper.status_changed' });
    const taken = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/shippers/${upsId}`,
      payload: { name: 'U', code: 'fdx', is_active: false },
    });
    expect(taken.json().errors.code).toEqual(['The code has already been taken.']);
    // A replacement must say whether the shipper is active: leaving it out must not re-activate this one.
    const flagless = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/shippers/${upsId}`,
      payload: { name: 'UPS Ground', code: 'UPS' },
    });
    expect(flagless.statusCode).toBe(422);
    expect(flagless.json().errors.is_active).toEqual(['Say whether the shipper is active.']);
  });

  it('refuses delete without delete shippers, and deletes with it', async () => {
    expect((await ctx.as('manager', { method: 'DELETE', url: `/api/shippers/${upsId}` })).statusCode).toBe(403);
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/shippers/${upsId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Shipper deleted successfully' });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/shippers/${upsId}` })).statusCode).toBe(404);
    expect((await activityOf(ctx.handle.db, 'shipper', upsId))[0]).toMatchObject({ kind: 'shipper.deleted' });
  });

  it('refuses with 409 deleting a shipper that another table still references', async () => {
    const { sql } = await import('drizzle-orm');
    const fedex = (await ctx.as('admin', { method: 'GET', url: '/api/shippers?search=fdx' })).json().data[0];
    // Stands in for orders/shipments, which will reference shippers with RESTRICT keys.
    await ctx.handle.db.execute(
      sql`create table shipper_users_probe (shipper_id integer not null references shippers(id) on delete restrict)`,
    );
    await ctx.handle.db.execute(sql`insert into shipper_users_probe values (${fedex.id})`);
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/shippers/${fedex.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This shipper is used by orders or shipments. Set it to inactive instead of deleting it.',
    );
    expect((await ctx.as('admin', { method: 'GET', url: `/api/shippers/${fedex.id}` })).statusCode).toBe(200);
  });
});
