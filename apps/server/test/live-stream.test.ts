import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { inTransaction } from '../src/db/transaction';
import { recordEvent } from '../src/modules/platform/activity/record-event';
import { changeOf, expectNoChangeOf, type LiveReader, openLive } from './support/live-client';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import type { Actor } from './support/world';

// GET /api/live over real HTTP. "Not received" is proven by order, not by waiting: notices reach every
// stream of a process in commit order, so once a later change has arrived, an earlier one that was due would have.
let ctx: TestContext;
let baseUrl: string;
const readers: LiveReader[] = [];
const live = async (actor: Actor, url = baseUrl) => {
  const reader = await openLive(url, ctx.world.users[actor].token);
  readers.push(reader);
  return reader;
};

beforeAll(async () => {
  // A heartbeat every second, so the test sees one come without a long wait.
  ctx = await createTestContext({ LIVE_MAX_STREAMS_PER_USER: '3', LIVE_HEARTBEAT_SECONDS: '1' });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const reader of readers) reader.close();
  await ctx?.close();
});

describe('GET /api/live', () => {
  it('answers 401 without a valid token', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/live' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('is an unbuffered event stream with a retry hint and heartbeats', async () => {
    const reader = await live('admin');
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.headers.get('content-encoding')).toBeNull();
    await reader.received('retry: 2000\n');
    await reader.received(': heartbeat\n\n');
    reader.close();
  });

  it("tells a client of their account's changes and never of a neighbour's in the same warehouse", async () => {
    const { accounts, warehouses } = ctx.world;
    const client = await live('client');
    const neighbour = await live('neighbourClient');
    const other = await live('otherClient');

    const mine = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const theirs = await orderWithStock(ctx, accounts.neighbourActive, warehouses.alpha);
    const beta = await orderWithStock(ctx, accounts.otherClient, warehouses.beta);

    await client.next(changeOf('order.created', mine.id));
    await client.next(changeOf('inventory.changed', mine.inventoryId));
    await neighbour.next(changeOf('order.created', theirs.id));
    await other.next(changeOf('order.created', beta.id));
    expectNoChangeOf(neighbour, 'order.created', mine.id);
    expectNoChangeOf(neighbour, 'inventory.changed', mine.inventoryId);
    expectNoChangeOf(other, 'order.created', mine.id);
    expectNoChangeOf(other, 'order.created', theirs.id);
    // One stream delivers in commit order: once the client has a later change of its own, the others were not due.
    const later = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    await client.next(changeOf('order.created', later.id));
    expectNoChangeOf(client, 'order.created', theirs.id);
    expectNoChangeOf(client, 'order.created', beta.id);
  });

  it("tells a manager of their warehouses' changes, not another warehouse's; admins hear of both", async () => {
    const { accounts, warehouses } = ctx.world;
    const manager = await live('manager');
    const otherManager = await live('otherManager');
    const admin = await live('admin');

    const alpha = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const beta = await orderWithStock(ctx, accounts.otherClient, warehouses.beta);

    await manager.next(changeOf('order.created', alpha.id));
    await otherManager.next(changeOf('order.created', beta.id));
    await admin.next(changeOf('order.created', alpha.id));
    await admin.next(changeOf('order.created', beta.id));
    expectNoChangeOf(otherManager, 'order.created', alpha.id);
    // alpha committed before beta: had the manager been told of beta, it would come after alpha; a third change
    // in alpha proves the manager's stream is past beta's place.
    const later = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    await manager.next(changeOf('order.created', later.id));
    expectNoChangeOf(manager, 'order.created', beta.id);
  });

  it('reports nothing of a rolled-back change', async () => {
    const admin = await live('admin');
    const subject = { type: 'order', id: 999_001 };
    await expect(
      inTransaction(ctx.handle.db, async (tx) => {
        await recordEvent(tx, {
          kind: 'order.deleted',
          payload: { order_number: 'ROLLED-BACK' },
          actorId: null,
          subject,
          warehouseIds: [ctx.world.warehouses.alpha],
          accountIds: [ctx.world.accounts.clientActive],
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    await admin.next(changeOf('order.created', after.id));
    expectNoChangeOf(admin, 'order.deleted', subject.id);
  });

  it('caps the streams one user holds open (429), and frees a place when one closes', async () => {
    const open = [await live('superAdmin'), await live('superAdmin'), await live('superAdmin')];
    expect(open.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await live('superAdmin');
    expect(refused.status).toBe(429);
    open[0]!.close();
    // The server sees the close asynchronously: ask again until it has (each answer is a real request).
    await expect.poll(async () => (await live('superAdmin')).status, { interval: 20 }).toBe(200);
  });
});

// Two API processes on one PostgreSQL database: a change written through one reaches the other's streams by
// LISTEN/NOTIFY (the embedded database has one process, so the in-process case above is the whole story there).
describe.skipIf(!isRealPostgres())('across two API instances on one PostgreSQL database', () => {
  let second: DatabaseHandle;
  let secondApp: Awaited<ReturnType<typeof buildApp>>;
  let secondUrl: string;
  beforeAll(async () => {
    const url = (ctx.handle as { pool?: { options: { connectionString: string } } }).pool!.options.connectionString;
    second = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' });
    secondApp = await buildApp({ db: second.db, config, logger: false, listen: second.listen });
    await secondApp.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = `http://127.0.0.1:${(secondApp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await secondApp?.close();
    await second?.close();
  });

  it("a change made through one instance reaches the other's streams, still scoped", async () => {
    const client = await live('client', secondUrl);
    const neighbour = await live('neighbourClient', secondUrl);
    const { accounts, warehouses } = ctx.world;
    const mine = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const theirs = await orderWithStock(ctx, accounts.neighbourActive, warehouses.alpha);
    await client.next(changeOf('order.created', mine.id));
    await neighbour.next(changeOf('order.created', theirs.id));
    expectNoChangeOf(neighbour, 'order.created', mine.id);
  });
});
