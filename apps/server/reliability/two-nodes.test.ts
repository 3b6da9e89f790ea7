import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { multipart } from '../test/support/multipart';
import { orderInput, stockedProduct, uniqueOrderId } from '../test/support/order-creation';
import {
  expectLedgerMatchesQuantities,
  inventoryOf,
  movementsOf,
  orderWithStock,
  samplePdf,
} from '../test/support/orders';
import { startTestS3Server, type TestS3Server } from '../test/support/s3-server';
import type { TestContext } from '../test/support/test-app';
import { isRealPostgres } from '../test/support/test-database';
import { seedWorld, WORLD_PASSWORD, type World } from '../test/support/world';
import { createPostgresDatabase } from './support/database';
import { httpContext, request } from './support/http-context';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy';
import { type ServerProcess, startServer } from './support/server-process';

// Two API nodes as on two machines. Each has its own DATA_DIR (nothing on local disk is shared); they
// share only PostgreSQL and one S3 bucket, behind a round-robin balancer, so consecutive requests of one user
// always land on different nodes.
const LOGIN_LIMIT = 3;

describe.skipIf(!isRealPostgres())('two API nodes: separate DATA_DIRs, one PostgreSQL, one S3 bucket', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: TestS3Server;
  let dataDirs: string[] = [];
  let nodes: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let world: World;
  /** The API tests' helpers, answered through the balancer. */
  let ctx: TestContext;

  beforeAll(async () => {
    [database, s3] = await Promise.all([createPostgresDatabase(), startTestS3Server()]);
    world = await seedWorld(database.handle.db);
    dataDirs = await Promise.all([0, 1].map((n) => mkdtemp(join(tmpdir(), `wms-node-${n}-`))));
    nodes = await Promise.all(
      dataDirs.map((DATA_DIR) =>
        startServer(
          { DATABASE_URL: database.url },
          {
            DATA_DIR,
            ...s3.env,
            DASHBOARD_CACHE_SECONDS: '600',
            LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
            LOGIN_RATE_LIMIT_WINDOW: '10 minutes',
          },
        ),
      ),
    );
    proxy = await startRoundRobinProxy(nodes.map((n) => n.base));
    ctx = httpContext(proxy.base, database.handle, world);
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await Promise.all([database?.drop(), s3?.stop()]);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('downloads through node B a label uploaded through node A; neither node keeps it on its disk', async () => {
    const order = await orderWithStock(ctx, world.accounts.clientActive, world.warehouses.alpha);
    const pdf = await samplePdf(2);
    const form = multipart(
      { label_name: 'Two nodes', label_type: 'shipping' },
      {
        field: 'label_file',
        filename: 'label.pdf',
        content: pdf,
        contentType: 'application/pdf',
      },
    );
    const uploaded = await fetch(`${nodes[0]!.base}/api/orders/${order.id}/labels`, {
      method: 'POST',
      headers: { ...(form.headers as Record<string, string>), authorization: `Bearer ${world.users.client.token}` },
      body: form.payload as Buffer,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { download_url } = ((await uploaded.json()) as { data: { download_url: string } }).data;

    const downloaded = await fetch(`${nodes[1]!.base}${download_url}`, {
      headers: { authorization: `Bearer ${world.users.client.token}` },
    });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);
    // Still scoped on the other node: the neighbour client of the same warehouse gets 404.
    const neighbour = await request(nodes[1]!.base, world, 'neighbourClient', { method: 'GET', url: download_url });
    expect(neighbour.statusCode).toBe(404);
    for (const dir of dataDirs) {
      const files = join(dir, 'files');
      expect(existsSync(files) ? await readdir(files) : []).toEqual([]);
    }
  });

  it('ships an order once when 10 ship requests for it go through the balancer at once', async () => {
    const order = await orderWithStock(ctx, world.accounts.clientActive, world.warehouses.alpha, {
      onHand: 10,
      quantity: 4,
    });
    const items = await request(proxy.base, world, 'manager', { method: 'GET', url: `/api/orders/${order.id}` });
    for (const item of (items.json() as { data: { order_items: { id: number }[] } }).data.order_items) {
      const verified = await request(proxy.base, world, 'manager', {
        method: 'POST',
        url: `/api/orders/${order.id}/items/${item.id}/verify`,
        payload: { verified: true },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
    const before = proxy.served.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(proxy.base, world, 'manager', {
          method: 'POST',
          url: `/api/orders/${order.id}/status`,
          payload: { status: 'shipped' },
        }),
      ),
    );
    // Both nodes took part: the balancer alternated.
    expect(new Set(proxy.served.slice(before))).toEqual(new Set([0, 1]));
    // A repeat of the change it already made answers 200 (idempotent) or 409; the stock moves once either way.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 6, reserved: 0 });
    expect(await movementsOf(ctx, order.id, 'ship')).toHaveLength(1);
    await expectLedgerMatchesQuantities(ctx);
  });

  const createThroughBalancer = (orderLists: unknown[][]) =>
    Promise.all(
      orderLists.map((list) =>
        request(proxy.base, world, 'manager', {
          method: 'POST',
          url: '/api/orders/bulk',
          payload: { warehouse_id: world.warehouses.alpha, orders: list },
        }),
      ),
    );

  it('reserves exactly the 7 units left when 20 one-unit orders race for them through the balancer', async () => {
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 7);
    const answers = await createThroughBalancer(
      Array.from({ length: 20 }, () => [
        orderInput(world.accounts.clientActive, [{ product_id: stock.id, quantity: 1 }], {
          order_id: uniqueOrderId('NODES'),
        }),
      ]),
    );
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual(answers.map(() => 201));
    const reserved = answers.map((a) => (a.json() as { data: { total_reserved: number }[] }).data[0]!.total_reserved);
    expect(reserved.reduce((sum, r) => sum + r, 0)).toBe(7);
    expect(await inventoryOf(ctx, stock.inventoryId!)).toEqual({ onHand: 7, reserved: 7 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('creates one order when the same external order id is submitted 6 times through the balancer', async () => {
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const order = orderInput(world.accounts.clientActive, [{ product_id: stock.id, quantity: 3 }], {
      order_id: uniqueOrderId('NODES-DOUBLE'),
    });
    const answers = await createThroughBalancer(Array.from({ length: 6 }, () => [order]));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(5);
    const stored = await database.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, world.accounts.clientActive), eq(orders.externalOrderId, order.order_id)));
    expect(stored).toHaveLength(1);
    expect(await inventoryOf(ctx, stock.inventoryId!)).toEqual({ onHand: 10, reserved: 3 });
  });

  it('keeps the dashboard’s stat cards live on every node while each node reuses its own charts (README)', async () => {
    type Dashboard = { overview: { total_orders: number }; charts: unknown };
    const read = async (node: ServerProcess) =>
      (await request(node.base, world, 'neighbourClient', { method: 'GET', url: '/api/dashboard' })).json() as {
        data: Dashboard;
      };
    const [a, b] = [(await read(nodes[0]!)).data, (await read(nodes[1]!)).data];
    const stock = await stockedProduct(ctx, world.accounts.neighbourActive, world.warehouses.alpha, 5);
    const created = await request(nodes[0]!.base, world, 'neighbourClient', {
      method: 'POST',
      url: '/api/orders/bulk',
      payload: {
        warehouse_id: world.warehouses.alpha,
        orders: [orderInput(world.accounts.neighbourActive, [{ product_id: stock.id, quantity: 1 }])],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [a2, b2] = [(await read(nodes[0]!)).data, (await read(nodes[1]!)).data];
    // The cards are counted per request, so both nodes show the new order at once…
    expect(a2.overview.total_orders).toBe(a.overview.total_orders + 1);
    expect(b2.overview.total_orders).toBe(b.overview.total_orders + 1);
    // …while each node's charts stay what that node computed, until DASHBOARD_CACHE_SECONDS pass (per process).
    expect(a2.charts).toEqual(a.charts);
    expect(b2.charts).toEqual(b.charts);
  });

  it('counts sign-in attempts per node: behind 2 nodes an address gets 2 × LOGIN_RATE_LIMIT_MAX tries (README)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 2 * LOGIN_LIMIT + 2; attempt++) {
      const answer = await request(proxy.base, world, null, {
        method: 'POST',
        url: '/api/login',
        payload: { email: world.users.otherClient.email, password: `${WORLD_PASSWORD}-wrong` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array(2 * LOGIN_LIMIT).fill(422), 429, 429]);
  });
});
