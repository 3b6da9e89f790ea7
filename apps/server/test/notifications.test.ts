import { NOTIFICATION_MESSAGES } from '@wms/contract/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries } from '../src/db/schema/inquiries';
import { notificationEmails, notifications } from '../src/db/schema/notifications';
import { orderItems } from '../src/db/schema/orders';
import { webhookSubscriptions } from '../src/db/schema/webhooks';
import { recordEvent } from '../src/modules/platform/activity/record-event';
import { createEmailSender, EMAIL_RETRY_SCHEDULE_MS } from '../src/modules/platform/notifications/email-sender';
import { createProduct } from './support/catalogue';
import { multipart } from './support/multipart';
import { orderWithStock, verifyAllItems } from './support/orders';
import { startSmtpServer } from './support/smtp-server';
import { sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
let product: { id: number; sku: string };
beforeAll(async () => {
  ctx = await createTestContext();
  product = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Trail lantern' });
});
afterAll(() => ctx.close());

interface Seen {
  id: number;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  read_at: string | null;
}

const listOf = async (actor: Actor): Promise<Seen[]> => {
  const res = await ctx.as(actor, { method: 'GET', url: '/api/notifications?per_page=100' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const unreadOf = async (actor: Actor): Promise<number> =>
  (await ctx.as(actor, { method: 'GET', url: '/api/notifications/unread-count' })).json().count;

/** What each actor has that they did not have before `work` ran. */
async function newFor(actors: readonly Actor[], work: () => Promise<unknown>) {
  const before = new Map<Actor, Set<number>>();
  for (const actor of actors) before.set(actor, new Set((await listOf(actor)).map((n) => n.id)));
  await work();
  const after = {} as Record<Actor, Seen[]>;
  for (const actor of actors) after[actor] = (await listOf(actor)).filter((n) => !before.get(actor)!.has(n.id));
  return after;
}

const EVERYONE: readonly Actor[] = [
  'superAdmin',
  'admin',
  'manager',
  'otherManager',
  'client',
  'neighbourClient',
  'otherClient',
];
const nobodyBut = (got: Record<Actor, Seen[]>, ...who: Actor[]) =>
  expect(EVERYONE.filter((a) => !who.includes(a) && got[a].length > 0)).toEqual([]);

async function announceShipment(accountId = ctx.world.accounts.clientActive, productId = product.id) {
  const res = await ctx.as('client', {
    method: 'POST',
    url: '/api/shipments',
    payload: {
      account_id: accountId,
      warehouse_id: ctx.world.warehouses.alpha,
      product_id: productId,
      quantity: 12,
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
      delivery_date: '2026-12-01',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function savePreferences(actor: Actor, preferences: { kind: string; in_app: boolean; email: boolean }[]) {
  const res = await ctx.as(actor, { method: 'PUT', url: '/api/notifications/preferences', payload: { preferences } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('who is notified', () => {
  it('a verified shipment tells its account’s client, not the neighbour client of the same warehouse', async () => {
    const shipment = await announceShipment();
    const got = await newFor(EVERYONE, async () => {
      const res = await ctx.as('manager', { method: 'POST', url: `/api/shipments/${shipment}/verify`, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
    });
    nobodyBut(got, 'client');
    expect(got.client).toEqual([
      expect.objectContaining({
        kind: 'shipment_verified',
        title: `Shipment #${shipment} verified`,
        text: `12 × ${product.sku} received into stock.`,
        link: `/shipments/${shipment}`,
        read_at: null,
      }),
    ]);
  });

  it('a refused change tells nobody (the notification is part of its transaction)', async () => {
    const shipment = await announceShipment();
    await ctx.as('manager', { method: 'POST', url: `/api/shipments/${shipment}/verify`, payload: {} });
    const got = await newFor(EVERYONE, async () => {
      const again = await ctx.as('manager', { method: 'POST', url: `/api/shipments/${shipment}/verify`, payload: {} });
      expect(again.statusCode).toBe(409);
      // Out of scope for the other warehouse's manager: 404, and no notification either.
      const foreign = await ctx.as('otherManager', {
        method: 'POST',
        url: `/api/shipments/${await announceShipment()}/verify`,
        payload: {},
      });
      expect(foreign.statusCode).toBe(404);
    });
    nobodyBut(got);
  });

  it('a rejected shipment tells its account’s client with the reason', async () => {
    const shipment = await announceShipment();
    const got = await newFor(EVERYONE, () =>
      ctx.as('manager', {
        method: 'POST',
        url: `/api/shipments/${shipment}/reject`,
        payload: { rejection_reason: 'Crushed pallet' },
      }),
    );
    nobodyBut(got, 'client');
    expect(got.client[0]).toMatchObject({ kind: 'shipment_rejected', text: `12 × ${product.sku}: Crushed pallet` });
  });

  it('the neighbour’s shipment tells the neighbour only', async () => {
    const neighbourProduct = await createProduct(ctx, ctx.world.accounts.neighbourActive, { name: 'Kettle' });
    const res = await ctx.as('neighbourClient', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: ctx.world.accounts.neighbourActive,
        warehouse_id: ctx.world.warehouses.alpha,
        product_id: neighbourProduct.id,
        quantity: 2,
        tracking_number: 'T-1',
        carrier: 'UPS',
        delivery_date: '2026-12-01',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const got = await newFor(EVERYONE, () =>
      ctx.as('manager', { method: 'POST', url: `/api/shipments/${res.json().data.id}/verify`, payload: {} }),
    );
    nobodyBut(got, 'neighbourClient');
    expect(got.neighbourClient).toHaveLength(1);
  });

  it('a verified shipment of several products states what was received, and each line received short', async () => {
    const { accounts, warehouses } = ctx.world;
    const [cream, soap, balm] = [
      await createProduct(ctx, accounts.clientActive, { name: 'Face cream' }),
      await createProduct(ctx, accounts.clientActive, { name: 'Olive soap' }),
      await createProduct(ctx, accounts.clientActive, { name: 'Lip balm' }),
    ];
    const bin = await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${warehouses.alpha}/locations`,
      payload: { code: 'NV-01', zone: 'NV', type: 'storage' },
    });
    expect(bin.statusCode, bin.body).toBe(201);
    const binId = bin.json().location.id as number;
    // 348 announced over three products; 354 received, one line short.
    const announced = await ctx.as('client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: accounts.clientActive,
        warehouse_id: warehouses.alpha,
        lines: [
          { product_id: cream!.id, quantity: 148 },
          { product_id: soap!.id, quantity: 100 },
          { product_id: balm!.id, quantity: 100 },
        ],
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const shipment = announced.json().data as { id: number; lines: { id: number; product: { id: number } }[] };
    const lineOf = (productId: number) => shipment.lines.find((l) => l.product.id === productId)!.id;
    const received = (productId: number, quantity: number, reason?: string) => ({
      line_id: lineOf(productId),
      received_quantity: quantity,
      ...(reason ? { discrepancy_reason: reason } : {}),
      putaway: [{ location_id: binId, quantity }],
    });
    await savePreferences('client', [{ kind: 'shipment_verified', in_app: true, email: true }]);
    try {
      const got = await newFor(EVERYONE, async () => {
        const res = await ctx.as('manager', {
          method: 'POST',
          url: `/api/shipments/${shipment.id}/verify`,
          payload: {
            lines: [
              received(cream!.id, 174, 'Extra carton'),
              received(soap!.id, 90, 'Ten missing'),
              received(balm!.id, 90, 'Ten missing'),
            ],
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      const text = `3 products, 354 units received into stock. Short: ${soap!.sku} 90 of 100, ${balm!.sku} 90 of 100.`;
      nobodyBut(got, 'client');
      expect(got.client).toEqual([expect.objectContaining({ kind: 'shipment_verified', text })]);
      // The e-mail says the same.
      const queued = await ctx.handle.db
        .select()
        .from(notificationEmails)
        .where(eq(notificationEmails.subject, `Shipment #${shipment.id} verified`));
      expect(queued.map((m) => m.body)).toEqual([text]);
    } finally {
      await savePreferences('client', [{ kind: 'shipment_verified', in_app: true, email: false }]);
      await ctx.handle.db.delete(notificationEmails);
    }
  });

  it('an assigned inquiry tells the assignee; its answer tells the client who asked', async () => {
    let id = 0;
    // On creation the inquiry goes to a staff member of its warehouse by itself: they are told.
    const created = await newFor(EVERYONE, async () => {
      const res = await ctx.as('client', {
        method: 'POST',
        url: '/api/inquiries',
        payload: {
          type: 'general',
          query: 'When do you open on Saturdays?',
          warehouse_id: ctx.world.warehouses.alpha,
          account_id: ctx.world.accounts.clientActive,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      id = res.json().data.id;
    });
    const [row] = await ctx.handle.db.select().from(inquiries).where(eq(inquiries.id, id));
    const firstAssignee = EVERYONE.find((a) => ctx.world.users[a].id === row!.assignedTo)!;
    expect(firstAssignee).toBeDefined();
    nobodyBut(created, firstAssignee);
    expect(created[firstAssignee]).toEqual([
      expect.objectContaining({
        kind: 'inquiry_assigned',
        title: `Inquiry #${id} assigned to you`,
        link: `/inquiries/${id}`,
      }),
    ]);

    // Reassigned by a super-admin: the new assignee is told.
    const next: Actor = firstAssignee === 'manager' ? 'admin' : 'manager';
    const assigned = await newFor(EVERYONE, async () => {
      const res = await ctx.as('superAdmin', {
        method: 'PUT',
        url: `/api/inquiries/${id}`,
        payload: { assigned_to: ctx.world.users[next].id },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    nobodyBut(assigned, next);
    expect(assigned[next]).toEqual([expect.objectContaining({ kind: 'inquiry_assigned' })]);

    const answered = await newFor(EVERYONE, async () => {
      const res = await ctx.as('manager', {
        method: 'POST',
        url: `/api/inquiries/${id}/resolve`,
        payload: { response: 'From 8 to 12.' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    nobodyBut(answered, 'client');
    expect(answered.client).toEqual([
      expect.objectContaining({ kind: 'inquiry_answered', title: `Inquiry #${id} answered`, text: 'From 8 to 12.' }),
    ]);
    expect((await ctx.handle.db.select().from(inquiries).where(eq(inquiries.id, id)))[0]?.status).toBe('resolved');
  });

  it('an order shipped tells its client only once they opt in', async () => {
    const shipOne = async () => {
      const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      await ctx.handle.db.update(orderItems).set({ trackingNumber: 'TRK-1' }).where(eq(orderItems.orderId, order.id));
      await verifyAllItems(ctx, order.id);
      const res = await ctx.as('manager', {
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'shipped' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return order;
    };
    const silent = await newFor(EVERYONE, shipOne);
    nobodyBut(silent);

    await savePreferences('client', [{ kind: 'order_shipped', in_app: true, email: false }]);
    let order: Awaited<ReturnType<typeof shipOne>> | undefined;
    const told = await newFor(EVERYONE, async () => {
      order = await shipOne();
    });
    nobodyBut(told, 'client');
    expect(told.client).toEqual([
      expect.objectContaining({
        kind: 'order_shipped',
        title: `Order ${order!.orderNumber} shipped`,
        text: 'Shipped: tracking TRK-1.',
        link: `/orders/${order!.id}`,
      }),
    ]);
  });

  it('a disabled webhook tells the user who created it', async () => {
    const created = await ctx.as('client', {
      method: 'POST',
      url: '/api/webhooks',
      payload: {
        account_id: ctx.world.accounts.clientActive,
        url: 'https://93.184.215.14/hook',
        events: ['order.created'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().webhook.id as number;
    // What the dispatcher records when an endpoint failed for a day (webhooks.test.ts drives that part).
    const got = await newFor(EVERYONE, () =>
      ctx.handle.db.transaction((tx) =>
        recordEvent(tx, {
          kind: 'webhook.disabled',
          payload: { url: 'https://93.184.215.14/hook' },
          actorId: null,
          subject: { type: 'webhook', id },
          warehouseIds: [],
          accountIds: [ctx.world.accounts.clientActive],
        }),
      ),
    );
    nobodyBut(got, 'client');
    expect(got.client[0]).toMatchObject({ kind: 'webhook_disabled', link: `/settings/webhooks/${id}` });
    await ctx.handle.db.delete(webhookSubscriptions);
  });

  it('a finished import tells the person who imported', async () => {
    const content = sheetFile(
      [
        ['SKU', 'Product Name', 'Photo URL', 'Product Link', 'Dimension', 'Weight (lbs)'],
        ['NOTE-1', 'Notebook', '', '', '', ''],
      ],
      'csv',
    );
    const got = await newFor(EVERYONE, async () => {
      const res = await ctx.as('client', {
        method: 'POST',
        url: '/api/products/import',
        ...multipart({ account_id: ctx.world.accounts.clientActive }, { filename: 'notes.csv', content }),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    nobodyBut(got, 'client');
    expect(got.client[0]).toMatchObject({
      kind: 'import_finished',
      title: 'Product import finished',
      text: 'notes.csv: 1 created, 0 updated, 0 failed.',
    });
  });
});

describe('reading and marking', () => {
  it('marks read only the caller’s own notifications: another user’s id answers 404 and stays unread', async () => {
    await announceShipment().then((id) =>
      ctx.as('manager', { method: 'POST', url: `/api/shipments/${id}/verify`, payload: {} }),
    );
    const [mine] = (await listOf('client')).filter((n) => n.read_at === null);
    const unread = await unreadOf('client');
    expect(unread).toBeGreaterThan(0);

    for (const stranger of ['neighbourClient', 'superAdmin'] as const) {
      const res = await ctx.as(stranger, { method: 'POST', url: `/api/notifications/${mine!.id}/read` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOTIFICATION_MESSAGES.notFound);
    }
    await ctx.as('neighbourClient', { method: 'POST', url: '/api/notifications/read-all' });
    expect(await unreadOf('client')).toBe(unread);

    const read = await ctx.as('client', { method: 'POST', url: `/api/notifications/${mine!.id}/read` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.read_at).not.toBeNull();
    expect(await unreadOf('client')).toBe(unread - 1);
    const unreadList = await ctx.as('client', { method: 'GET', url: '/api/notifications?unread=true&per_page=100' });
    expect(unreadList.json().data.map((n: Seen) => n.id)).not.toContain(mine!.id);

    const all = await ctx.as('client', { method: 'POST', url: '/api/notifications/read-all' });
    expect(all.json()).toEqual({ message: NOTIFICATION_MESSAGES.allMarkedRead, updated: unread - 1 });
    expect(await unreadOf('client')).toBe(0);
  });

  it('pages the list, newest first', async () => {
    const first = await ctx.as('client', { method: 'GET', url: '/api/notifications?per_page=2&page=1' });
    const body = first.json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
    expect(body.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(body.meta.total).toBe((await listOf('client')).length);
  });
});

describe('preferences', () => {
  it('offers each role its kinds with the defaults: in the app, e-mail off, order shipped off', async () => {
    const client = (await ctx.as('otherClient', { method: 'GET', url: '/api/notifications/preferences' })).json();
    expect(client.email_enabled).toBe(false);
    expect(client.data).toContainEqual({ kind: 'order_shipped', in_app: false, email: false });
    expect(client.data).toContainEqual({ kind: 'shipment_verified', in_app: true, email: false });
    expect(client.data.map((p: { kind: string }) => p.kind)).not.toContain('inquiry_assigned');
    const staff = (await ctx.as('manager', { method: 'GET', url: '/api/notifications/preferences' })).json();
    expect(staff.data.map((p: { kind: string }) => p.kind)).toContain('inquiry_assigned');
    expect(staff.data.map((p: { kind: string }) => p.kind)).not.toContain('order_shipped');
  });

  it('switched off in the app: no notification; e-mail on: an e-mail is queued with the change', async () => {
    await savePreferences('client', [{ kind: 'shipment_verified', in_app: false, email: true }]);
    const shipment = await announceShipment();
    const got = await newFor(EVERYONE, () =>
      ctx.as('manager', { method: 'POST', url: `/api/shipments/${shipment}/verify`, payload: {} }),
    );
    nobodyBut(got);
    const queued = await ctx.handle.db
      .select()
      .from(notificationEmails)
      .where(eq(notificationEmails.subject, `Shipment #${shipment} verified`));
    expect(queued).toEqual([
      expect.objectContaining({
        toAddress: ctx.world.users.client.email,
        status: 'pending',
        link: `/shipments/${shipment}`,
      }),
    ]);
    await savePreferences('client', [{ kind: 'shipment_verified', in_app: true, email: false }]);
    await ctx.handle.db.delete(notificationEmails);
  });

  it('refuses an unknown kind (422) and changes nothing', async () => {
    const res = await ctx.as('client', {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ kind: 'everything', in_app: true, email: true }] },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('e-mail', () => {
  it('arrives at the SMTP server with the recipient, the subject and an absolute link, once', async () => {
    const smtp = await startSmtpServer();
    try {
      await savePreferences('client', [{ kind: 'shipment_rejected', in_app: true, email: true }]);
      const shipment = await announceShipment();
      await ctx.as('manager', {
        method: 'POST',
        url: `/api/shipments/${shipment}/reject`,
        payload: { rejection_reason: 'Wet boxes' },
      });
      const sender = createEmailSender({
        db: ctx.handle.db,
        smtpUrl: smtp.url,
        from: 'WMS <no-reply@wms.test>',
        appUrl: 'https://wms.example.com',
      });
      expect(await sender.runOnce()).toBe(1);
      const [mail] = await smtp.until(1);
      expect(mail!.to).toEqual([ctx.world.users.client.email]);
      expect(mail!.subject).toBe(`Shipment #${shipment} rejected`);
      expect(mail!.text).toContain(`https://wms.example.com/shipments/${shipment}`);
      expect(await sender.runOnce()).toBe(0);
      await sender.stop();
    } finally {
      await savePreferences('client', [{ kind: 'shipment_rejected', in_app: true, email: false }]);
      await smtp.close();
    }
  });

  it('a refused send is retried later, never lost, and never fails the request', async () => {
    const smtp = await startSmtpServer();
    let offsetMs = 0;
    const errors: unknown[] = [];
    const sender = createEmailSender({
      db: ctx.handle.db,
      smtpUrl: smtp.url,
      from: 'WMS <no-reply@wms.test>',
      appUrl: 'https://wms.example.com',
      clock: () => new Date(Date.now() + offsetMs),
      onError: (error) => errors.push(error),
    });
    try {
      await savePreferences('client', [{ kind: 'shipment_verified', in_app: true, email: true }]);
      smtp.refuse(1);
      const shipment = await announceShipment();
      const verified = await ctx.as('manager', {
        method: 'POST',
        url: `/api/shipments/${shipment}/verify`,
        payload: {},
      });
      expect(verified.statusCode).toBe(200);
      expect(await sender.runOnce()).toBe(1);
      expect(smtp.received).toHaveLength(0);
      expect(errors).toHaveLength(1);
      const [pending] = await ctx.handle.db
        .select()
        .from(notificationEmails)
        .where(eq(notificationEmails.status, 'pending'));
      expect(pending).toMatchObject({ attempts: 1 });
      // Not due yet; due after the first wait of the schedule.
      expect(await sender.runOnce()).toBe(0);
      offsetMs = EMAIL_RETRY_SCHEDULE_MS[0] + 1000;
      expect(await sender.runOnce()).toBe(1);
      const [mail] = await smtp.until(1);
      expect(mail!.subject).toBe(`Shipment #${shipment} verified`);
    } finally {
      await sender.stop();
      await savePreferences('client', [{ kind: 'shipment_verified', in_app: true, email: false }]);
      await smtp.close();
    }
  });

  it('is sent by the server’s own background sender when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    const mailing = await createTestContext({ SMTP_URL: smtp.url, EMAIL_POLL_MS: '50' });
    try {
      const prefs = await mailing.as('client', { method: 'GET', url: '/api/notifications/preferences' });
      expect(prefs.json().email_enabled).toBe(true);
      await mailing.as('client', {
        method: 'PUT',
        url: '/api/notifications/preferences',
        payload: { preferences: [{ kind: 'import_finished', in_app: true, email: true }] },
      });
      const content = sheetFile(
        [
          ['SKU', 'Product Name', 'Photo URL', 'Product Link', 'Dimension', 'Weight (lbs)'],
          ['MAIL-1', 'Envelope', '', '', '', ''],
        ],
        'csv',
      );
      const res = await mailing.as('client', {
        method: 'POST',
        url: '/api/products/import',
        ...multipart({ account_id: mailing.world.accounts.clientActive }, { filename: 'mail.csv', content }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await smtp.until(1);
      expect(mail!.to).toEqual([mailing.world.users.client.email]);
      expect(mail!.subject).toBe('Product import finished');
      expect(mail!.text).toContain('http://localhost:3000/products');
      expect(await mailing.handle.db.select().from(notifications)).toHaveLength(1);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
