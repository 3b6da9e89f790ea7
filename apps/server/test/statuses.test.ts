import { DEFAULT_ORDER_STATUSES } from '@wms/contract/order-lifecycle';
import { STATUS_MESSAGES } from '@wms/contract/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const seededId = (name: string) => DEFAULT_ORDER_STATUSES.findIndex((s) => s.name === name) + 1;
const create = (payload: Record<string, unknown>) => ctx.as('admin', { method: 'POST', url: '/api/statuses', payload });
const list = async (query = '') => (await ctx.as('manager', { method: 'GET', url: `/api/statuses${query}` })).json();

describe('statuses', () => {
  it('lists the seeded order statuses in sort order with their modules, unpaged', async () => {
    const body = await list();
    expect(body.statuses.length).toBe(DEFAULT_ORDER_STATUSES.length);
    expect(body.statuses.slice(0, 3).map((s: { name: string }) => s.name)).toEqual(['draft', 'No-Scan', 'Incomplete']);
    expect(body.statuses[0]).toMatchObject({ assigned_modules: ['orders'], is_active: true, orders_count: 0 });
  });

  it('creates with the spec defaults and answers the created status', async () => {
    const res = await create({ name: 'Awaiting pickup', description: 'Carrier not yet here' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Status created successfully',
      status: { name: 'Awaiting pickup', color: '#3B82F6', is_active: true, sort_order: 0, assigned_modules: [] },
    });
  });

  it('refuses bad input with the spec messages', async () => {
    const blank = await create({ name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual([STATUS_MESSAGES.nameRequired]);
    const long = await create({ name: 'x'.repeat(256), description: 'd'.repeat(501), sort_order: -1 });
    expect(long.json().errors).toMatchObject({
      name: [STATUS_MESSAGES.nameTooLong],
      description: [STATUS_MESSAGES.descriptionTooLong],
      sort_order: [STATUS_MESSAGES.sortOrderPositive],
    });
    const edit = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/statuses/${seededId('draft')}`,
      payload: { name: '' },
    });
    expect(edit.json().errors.name).toEqual([STATUS_MESSAGES.nameRequiredOnEdit]);
    const duplicate = await create({ name: 'SHIPPED' });
    expect(duplicate.json().errors.name).toEqual([STATUS_MESSAGES.nameTaken]);
  });

  it('filters by search, module and active flag', async () => {
    const created = (await create({ name: 'Inquiry waiting', modules: ['inquiries'], is_active: false })).json().status;
    expect((await list('?search=inquiry%20wait')).statuses.map((s: { id: number }) => s.id)).toEqual([created.id]);
    expect((await list('?module=inquiries')).statuses.map((s: { id: number }) => s.id)).toEqual([created.id]);
    const inactive = (await list('?active=false')).statuses.map((s: { id: number }) => s.id);
    expect(inactive).toContain(created.id);
    expect((await list('?active=true')).statuses.map((s: { id: number }) => s.id)).not.toContain(created.id);
  });

  it('renames and recolours a rules status but never deactivates, unassigns or deletes it', async () => {
    const id = seededId('shipped');
    const renamed = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/statuses/${id}`,
      payload: { name: 'Shipped out', color: '#059669', modules: ['orders'], lifecycle: 'open' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().status).toMatchObject({ name: 'Shipped out', color: '#059669', lifecycle: 'shipped' });
    const toggle = await ctx.as('admin', { method: 'POST', url: `/api/statuses/${id}/toggle-active` });
    expect(toggle.statusCode).toBe(409);
    expect(toggle.json().message).toBe(STATUS_MESSAGES.systemCannotBeDeactivated);
    const unassign = await ctx.as('admin', {
      method: 'POST',
      url: `/api/statuses/${id}/assign-modules`,
      payload: { modules: ['shipments'] },
    });
    expect(unassign.statusCode).toBe(409);
    const remove = await ctx.as('admin', { method: 'DELETE', url: `/api/statuses/${id}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(STATUS_MESSAGES.systemCannotBeDeleted);
  });

  it('toggles and assigns other statuses with the spec messages', async () => {
    const id = seededId('Urgent');
    const off = await ctx.as('admin', { method: 'POST', url: `/api/statuses/${id}/toggle-active` });
    expect(off.json()).toMatchObject({ message: 'Status deactivated successfully', status: { is_active: false } });
    const on = await ctx.as('admin', { method: 'POST', url: `/api/statuses/${id}/toggle-active` });
    expect(on.json()).toMatchObject({ message: 'Status activated successfully', status: { is_active: true } });
    const assigned = await ctx.as('admin', {
      method: 'POST',
      url: `/api/statuses/${id}/assign-modules`,
      payload: { modules: ['orders', 'shipments'] },
    });
    expect(assigned.json()).toMatchObject({
      message: 'Status assigned to modules successfully',
      status: { assigned_modules: ['orders', 'shipments'] },
    });
    const unknown = await ctx.as('admin', {
      method: 'POST',
      url: `/api/statuses/${id}/assign-modules`,
      payload: { modules: ['billing'] },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('refuses to delete a status orders still carry, and deletes one nobody uses', async () => {
    const used = (await create({ name: 'On hold', modules: ['orders'] })).json().status;
    await ctx.handle.db.insert(orders).values({
      orderNumber: 'ORD-T-1',
      externalOrderId: 'EXT-1',
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      statusId: used.id,
      customerName: 'Jo',
    });
    const refused = await ctx.as('admin', { method: 'DELETE', url: `/api/statuses/${used.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STATUS_MESSAGES.inUse);
    const onHold = await list('?search=On%20hold');
    expect(onHold.statuses.map((s: { name: string; orders_count: number }) => [s.name, s.orders_count])).toEqual([
      ['On hold', 1],
    ]);

    const unused = (await create({ name: 'Temporary' })).json().status;
    const deleted = await ctx.as('admin', { method: 'DELETE', url: `/api/statuses/${unused.id}` });
    expect(deleted.json()).toEqual({ message: 'Status deleted successfully' });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/statuses/${unused.id}` })).statusCode).toBe(404);
  });

  it('answers the module map', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: '/api/statuses/modules' });
    expect(res.json()).toEqual({ modules: { orders: 'Orders', shipments: 'Shipments', inquiries: 'Inquiries' } });
  });
});
