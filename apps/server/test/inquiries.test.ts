import { INQUIRY_MESSAGES } from '@wms/contract/inquiries';
import { DEFAULT_ORDER_STATUSES } from '@wms/contract/order-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import { issueToken } from '../src/auth/tokens';
import { orders } from '../src/db/schema/orders';
import { insertUser } from '../src/modules/platform/users/users-repository';
import { createProduct } from './support/catalogue';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
let secondAlphaManager: { id: number; token: string };
let clientOrder: number;
let neighbourOrder: number;

const pendingStatusId = DEFAULT_ORDER_STATUSES.findIndex((s) => s.name === 'Pending') + 1;

async function insertOrder(accountId: number, number: string) {
  const [row] = await ctx.handle.db
    .insert(orders)
    .values({
      orderNumber: number,
      externalOrderId: `EXT-${number}`,
      accountId,
      warehouseId: ctx.world.warehouses.alpha,
      statusId: pendingStatusId,
      customerName: `Customer of ${number}`,
    })
    .returning({ id: orders.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  clientOrder = await insertOrder(ctx.world.accounts.clientActive, 'ORD-CLIENT-1');
  neighbourOrder = await insertOrder(ctx.world.accounts.neighbourActive, 'ORD-NEIGHBOUR-1');
});
afterAll(() => ctx.close());

const create = (actor: Actor, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: '/api/inquiries', payload });
/** A refused write: the answer's status, and not one row of any table changed (inquiries, events). */
const refused = (request: () => ReturnType<typeof create>, status: number) =>
  expectRefusedUnchanged(ctx.handle.db, request, status);
const orderInquiry = (extra: Record<string, unknown> = {}) => ({
  type: 'orders',
  subtype: 'Order Not Packed',
  query: 'My order has not been packed for three days.',
  warehouse_id: ctx.world.warehouses.alpha,
  account_id: ctx.world.accounts.clientActive,
  subject_id: clientOrder,
  ...extra,
});

describe('creating inquiries', () => {
  it('answers the subject details and hides the assignee from the client', async () => {
    const res = await create('client', orderInquiry());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Inquiry submitted successfully');
    expect(body.data).toMatchObject({
      type: 'orders',
      subtype: 'Order Not Packed',
      status: 'open',
      subject_type: 'order',
      subject_id: clientOrder,
      subject: { order_number: 'ORD-CLIENT-1', customer_name: 'Customer of ORD-CLIENT-1', formatted_status: 'Pending' },
      formatted_type: 'Orders',
      formatted_status: 'Open',
      created_at_human: 'just now',
      is_resolved: false,
      warehouse: { id: ctx.world.warehouses.alpha },
    });
    expect(body.data).not.toHaveProperty('assigned_to');
    const staffView = await ctx.as('manager', { method: 'GET', url: `/api/inquiries/${body.data.id}` });
    expect(staffView.json().data.assigned_to).toMatchObject({ id: ctx.world.users.manager.id });
  });

  it('refuses bad input with the spec messages', async () => {
    const res = await refused(() => create('client', { query: 'short' }), 422);
    expect(res.json().errors).toMatchObject({
      type: [INQUIRY_MESSAGES.typeRequired],
      query: [INQUIRY_MESSAGES.queryTooShort],
      warehouse_id: [INQUIRY_MESSAGES.warehouseRequired],
    });
    const blank = await refused(
      () => create('client', { type: 'general', query: '   ', warehouse_id: ctx.world.warehouses.alpha }),
      422,
    );
    expect(blank.json().errors.query).toEqual([INQUIRY_MESSAGES.queryRequired]);
    const subtype = await refused(() => create('client', orderInquiry({ subtype: 'Lost in Transit' })), 422);
    expect(subtype.json().errors.subtype).toEqual([INQUIRY_MESSAGES.subtypeInvalid]);
  });

  it("refuses a subject or warehouse outside the caller's scope", async () => {
    const foreignOrder = await refused(() => create('client', orderInquiry({ subject_id: neighbourOrder })), 422);
    expect(foreignOrder.json().errors.subject_id).toEqual([INQUIRY_MESSAGES.subjectInvalid]);
    const foreignWarehouse = await refused(
      () => create('client', orderInquiry({ warehouse_id: ctx.world.warehouses.beta })),
      422,
    );
    expect(foreignWarehouse.json().errors.warehouse_id).toEqual([INQUIRY_MESSAGES.warehouseRequired]);
    const foreignAccount = await refused(
      () =>
        create('client', {
          type: 'general',
          query: 'A general question about packing.',
          warehouse_id: ctx.world.warehouses.alpha,
          account_id: ctx.world.accounts.neighbourActive,
        }),
      422,
    );
    expect(foreignAccount.json().errors.account_id).toEqual([INQUIRY_MESSAGES.subjectInvalid]);
  });
});

describe('auto-assignment', () => {
  beforeAll(async () => {
    const id = await insertUser(ctx.handle.db, {
      name: 'Mia Second',
      email: 'mia.second@test.example.com',
      passwordHash: await hashPassword('Secret-pass-1'),
      role: 'manager',
      warehouseIds: [ctx.world.warehouses.alpha],
    });
    secondAlphaManager = { id, token: await issueToken(ctx.handle.db, id, { idleMinutes: 60, absoluteHours: 1 }) };
  });

  it('spreads new inquiries over the managers of the warehouse, least loaded first', async () => {
    const assignees: number[] = [];
    for (let i = 0; i < 4; i++) {
      const created = (await create('client', orderInquiry({ query: `Question number ${i} about my order.` }))).json();
      const view = await ctx.as('admin', { method: 'GET', url: `/api/inquiries/${created.data.id}` });
      assignees.push(view.json().data.assigned_to.id);
    }
    const counts = new Map<number, number>();
    for (const id of assignees) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([ctx.world.users.manager.id, secondAlphaManager.id].sort());
    // Alternating: neither manager gets two in a row.
    for (let i = 1; i < assignees.length; i++) expect(assignees[i]).not.toBe(assignees[i - 1]);
  });

  it('goes to an administrator when no manager works the warehouse', async () => {
    const res = await create('admin', {
      type: 'general',
      query: 'Please check the racking in Gamma.',
      warehouse_id: ctx.world.warehouses.gamma,
    });
    expect(res.statusCode).toBe(201);
    expect([ctx.world.users.admin.id, ctx.world.users.superAdmin.id]).toContain(res.json().data.assigned_to.id);
  });
});

describe('reading inquiries within scope', () => {
  let clientInquiry: number;
  let neighbourInquiry: number;
  beforeAll(async () => {
    clientInquiry = (await create('client', orderInquiry({ query: 'Scoped question from the client.' }))).json().data
      .id;
    neighbourInquiry = (
      await create('neighbourClient', {
        type: 'orders',
        query: 'Scoped question from the neighbour.',
        warehouse_id: ctx.world.warehouses.alpha,
        account_id: ctx.world.accounts.neighbourActive,
        subject_id: neighbourOrder,
      })
    ).json().data.id;
  });

  it("answers 404 for another client's inquiry and for another warehouse's manager", async () => {
    expect(
      (await ctx.as('neighbourClient', { method: 'GET', url: `/api/inquiries/${clientInquiry}` })).statusCode,
    ).toBe(404);
    expect((await ctx.as('client', { method: 'GET', url: `/api/inquiries/${neighbourInquiry}` })).statusCode).toBe(404);
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/inquiries/${clientInquiry}` })).statusCode).toBe(
      404,
    );
    expect((await ctx.as('manager', { method: 'GET', url: `/api/inquiries/${neighbourInquiry}` })).statusCode).toBe(
      200,
    );
    // Its status history neither: the timeline answers 404 outside the inquiry's scope, naming no event.
    for (const actor of ['neighbourClient', 'otherManager'] as const) {
      const timeline = await ctx.as(actor, { method: 'GET', url: `/api/inquiries/${clientInquiry}/timeline` });
      expect(timeline.statusCode, actor).toBe(404);
      expect(timeline.json()).toEqual({ message: INQUIRY_MESSAGES.notFound });
    }
    expect(
      (await ctx.as('manager', { method: 'GET', url: `/api/inquiries/${clientInquiry}/timeline` })).json().data.length,
    ).toBeGreaterThan(0);
    await refused(
      () =>
        ctx.as('neighbourClient', {
          method: 'PUT',
          url: `/api/inquiries/${clientInquiry}`,
          payload: { query: 'Trying to change it from outside.' },
        }),
      404,
    );
    // Another warehouse's manager may edit and resolve inquiries, but not this one: 404, and nothing changes.
    await refused(
      () =>
        ctx.as('otherManager', {
          method: 'PUT',
          url: `/api/inquiries/${clientInquiry}`,
          payload: { status: 'closed' },
        }),
      404,
    );
    await refused(
      () =>
        ctx.as('otherManager', {
          method: 'POST',
          url: `/api/inquiries/${clientInquiry}/resolve`,
          payload: { response: 'Resolved from the wrong warehouse.' },
        }),
      404,
    );
  });

  it('lists only what the caller may see, 15 per page, newest first, with filters', async () => {
    const list = async (actor: Actor, query = '') =>
      (await ctx.as(actor, { method: 'GET', url: `/api/inquiries${query}` })).json();
    const clientList = await list('client');
    expect(clientList.per_page).toBe(15);
    expect(clientList.data.map((i: { id: number }) => i.id)).toContain(clientInquiry);
    expect(clientList.data.map((i: { id: number }) => i.id)).not.toContain(neighbourInquiry);
    expect(clientList.data.every((i: object) => !('assigned_to' in i))).toBe(true);
    const ids = clientList.data.map((i: { id: number }) => i.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    expect((await list('otherManager')).total).toBe(0);
    const neighbourOnly = await list('manager', `?search=${encodeURIComponent('from the neighbour')}`);
    expect(neighbourOnly.data.map((i: { id: number }) => i.id)).toEqual([neighbourInquiry]);
    const general = await list('admin', '?type=general');
    expect(general.data.every((i: { type: string }) => i.type === 'general')).toBe(true);
    const assigned = await list('admin', `?assigned_to=${secondAlphaManager.id}`);
    expect(assigned.data.length).toBeGreaterThan(0);
    expect(
      assigned.data.every((i: { assigned_to: { id: number } }) => i.assigned_to.id === secondAlphaManager.id),
    ).toBe(true);
  });

  it('counts by status within scope', async () => {
    const stats = (await ctx.as('neighbourClient', { method: 'GET', url: '/api/inquiries/statistics' })).json();
    expect(stats).toMatchObject({ total: 1, open: 1, in_progress: 0, resolved: 0, closed: 0 });
    expect((await ctx.as('otherManager', { method: 'GET', url: '/api/inquiries/statistics' })).json().total).toBe(0);
  });

  it('offers subjects only from the caller scope', async () => {
    const options = (
      await ctx.as('client', { method: 'GET', url: '/api/inquiries/subject-options/orders?search=ORD' })
    ).json().options;
    expect(options.map((o: { id: number }) => o.id)).toEqual([clientOrder]);
    expect(options[0]).toMatchObject({ value: clientOrder, label: 'ORD-CLIENT-1 — Customer of ORD-CLIENT-1' });
    const product = await createProduct(ctx, ctx.world.accounts.neighbourActive, { name: 'Neighbour lamp' });
    const products = (
      await ctx.as('client', { method: 'GET', url: '/api/inquiries/subject-options/products?search=lamp' })
    ).json().options;
    expect(products.map((o: { id: number }) => o.id)).not.toContain(product.id);
    const accounts = (
      await ctx.as('neighbourClient', { method: 'GET', url: '/api/inquiries/subject-options/account' })
    ).json().options;
    expect(accounts.map((o: { id: number }) => o.id)).toEqual([ctx.world.accounts.neighbourActive]);
    expect(
      (await ctx.as('client', { method: 'GET', url: '/api/inquiries/subject-options/general' })).json().options,
    ).toEqual([]);
  });
});

describe('editing, resolving and deleting', () => {
  let inquiry: number;
  beforeAll(async () => {
    inquiry = (await create('client', orderInquiry({ query: 'Please repack the order carefully.' }))).json().data.id;
  });
  const put = (actor: Actor, payload: Record<string, unknown>, id = inquiry) =>
    ctx.as(actor, { method: 'PUT', url: `/api/inquiries/${id}`, payload });

  it('lets the creator change the query and status, and only administrators the assignee', async () => {
    const own = await put('client', { query: 'Please repack the order with more padding.', status: 'in_progress' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      query: 'Please repack the order with more padding.',
      status: 'in_progress',
    });
    const assign = await refused(() => put('client', { assigned_to: ctx.world.users.manager.id }), 403);
    expect(assign.json().message).toBe(INQUIRY_MESSAGES.assignOnlyAdmins);
    await refused(() => put('manager', { assigned_to: ctx.world.users.manager.id }), 403);
    const wrongWarehouse = await refused(() => put('admin', { assigned_to: ctx.world.users.otherManager.id }), 422);
    expect(wrongWarehouse.json().errors.assigned_to).toEqual([INQUIRY_MESSAGES.assigneeInvalid]);
    const ok = await put('admin', { assigned_to: secondAlphaManager.id });
    expect(ok.json().data.assigned_to.id).toBe(secondAlphaManager.id);
  });

  it('resolves once, by staff, with a response', async () => {
    const blank = await refused(
      () =>
        ctx.as('manager', {
          method: 'POST',
          url: `/api/inquiries/${inquiry}/resolve`,
          payload: { response: '  ' },
        }),
      422,
    );
    expect(blank.json().errors.response).toEqual([INQUIRY_MESSAGES.responseRequired]);
    await refused(
      () =>
        ctx.as('client', {
          method: 'POST',
          url: `/api/inquiries/${inquiry}/resolve`,
          payload: { response: 'Done' },
        }),
      403,
    );
    const resolved = await ctx.as('manager', {
      method: 'POST',
      url: `/api/inquiries/${inquiry}/resolve`,
      payload: { response: 'Repacked with extra padding.' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      is_resolved: true,
      response: 'Repacked with extra padding.',
    });
    expect(resolved.json().data.resolved_at).not.toBeNull();
    await refused(
      () =>
        ctx.as('manager', {
          method: 'POST',
          url: `/api/inquiries/${inquiry}/resolve`,
          payload: { response: 'Again' },
        }),
      409,
    );
    const seenByClient = (await ctx.as('client', { method: 'GET', url: `/api/inquiries/${inquiry}` })).json().data;
    expect(seenByClient).toMatchObject({ response: 'Repacked with extra padding.', status: 'resolved' });
    expect(seenByClient).not.toHaveProperty('assigned_to');
  });

  it('shows the status history, without the assignment for clients', async () => {
    const staff = (await ctx.as('manager', { method: 'GET', url: `/api/inquiries/${inquiry}/timeline` })).json().data;
    expect(staff.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['inquiry.created', 'inquiry.assigned', 'inquiry.resolved']),
    );
    const client = (await ctx.as('client', { method: 'GET', url: `/api/inquiries/${inquiry}/timeline` })).json().data;
    expect(client.map((e: { kind: string }) => e.kind)).not.toContain('inquiry.assigned');
    expect(client.map((e: { title: string }) => e.title)).toContain(`Inquiry #${inquiry} resolved`);
  });

  it('deletes for the super-admin or the creator only', async () => {
    const byAdmin = await refused(() => ctx.as('admin', { method: 'DELETE', url: `/api/inquiries/${inquiry}` }), 403);
    expect(byAdmin.json().message).toBe(INQUIRY_MESSAGES.cannotDelete);
    const ownByAdmin = (
      await create('admin', {
        type: 'general',
        query: 'An admin note to self.',
        warehouse_id: ctx.world.warehouses.alpha,
      })
    ).json().data.id;
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/inquiries/${ownByAdmin}` })).statusCode).toBe(200);
    const bySuper = await ctx.as('superAdmin', { method: 'DELETE', url: `/api/inquiries/${inquiry}` });
    expect(bySuper.json()).toEqual({ message: 'Inquiry deleted successfully' });
    expect((await ctx.as('superAdmin', { method: 'GET', url: `/api/inquiries/${inquiry}` })).statusCode).toBe(404);
  });

  it('lists assignable staff for staff only', async () => {
    const users = (await ctx.as('manager', { method: 'GET', url: `/api/inquiries/assignable-users` }))
      .json()
      .users.map((u: { id: number }) => u.id);
    expect(users).toEqual(
      expect.arrayContaining([ctx.world.users.manager.id, secondAlphaManager.id, ctx.world.users.admin.id]),
    );
    expect(users).not.toContain(ctx.world.users.otherManager.id);
    expect((await ctx.as('client', { method: 'GET', url: '/api/inquiries/assignable-users' })).statusCode).toBe(403);
  });
});
