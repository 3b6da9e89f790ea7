import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../src/auth/tokens';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { CALLERS, type MatrixWorld } from './support/authorization-matrix';
import { seedApiKeyMatrixRows } from './support/matrix/api-keys';
import { seedCycleCountMatrixRows } from './support/matrix/cycle-counts';
import { MATRIX } from './support/matrix/index';
import { seedInvoiceMatrixRows } from './support/matrix/invoices';
import { seedKitWorkOrderMatrixRows } from './support/matrix/kit-work-orders';
import { seedLocationMatrixRows } from './support/matrix/locations';
import { seedNotificationMatrixRows } from './support/matrix/notifications';
import { seedPackingMatrixRows } from './support/matrix/packing';
import { seedPackingDocsMatrixRows } from './support/matrix/packing-docs';
import { seedRateCardMatrixRows } from './support/matrix/rate-cards';
import { seedReplenishmentMatrixRows } from './support/matrix/replenishment';
import { seedReturnMatrixRows } from './support/matrix/returns';
import { seedMatrixRows } from './support/matrix/rows';
import { seedShipmentMatrixRows } from './support/matrix/shipments';
import { seedWaveMatrixRows } from './support/matrix/waves';
import { seedWebhookMatrixRows } from './support/matrix/webhooks';
import { changedTables, snapshotTables } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
let world: MatrixWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  world = { ...ctx.world, rows: await seedMatrixRows(ctx) };
  await seedShipmentMatrixRows(ctx);
  await seedLocationMatrixRows(ctx);
  await seedCycleCountMatrixRows(ctx);
  await seedApiKeyMatrixRows(ctx);
  await seedWebhookMatrixRows(ctx);
  await seedRateCardMatrixRows(ctx);
  await seedNotificationMatrixRows(ctx);
  await seedInvoiceMatrixRows(ctx);
  await seedWaveMatrixRows(ctx);
  await seedPackingMatrixRows(ctx);
  await seedPackingDocsMatrixRows(ctx);
  await seedReplenishmentMatrixRows(ctx);
  await seedReturnMatrixRows(ctx);
  await seedKitWorkOrderMatrixRows(ctx);
});
afterAll(() => ctx.close());

const isDocsRoute = (url: string) => url.startsWith('/api/docs');
const isWrite = (method: string | undefined) => method !== undefined && !['GET', 'HEAD'].includes(method);

describe('authorization matrix', () => {
  it('covers every registered /api route', () => {
    const registered = ctx.app.apiRoutes.filter((r) => !isDocsRoute(r.url)).map((r) => `${r.method} ${r.url}`);
    const covered = new Set(MATRIX.map((entry) => entry.route));
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });

  for (const entry of MATRIX) {
    it.each(CALLERS)(`${entry.route} as %s`, async (caller) => {
      const options = entry.request(world, caller);
      const headers = { ...(options.headers ?? {}) };
      if (caller !== 'anonymous') {
        // A fresh token per call, so routes such as logout cannot disturb the next case.
        const token = await issueToken(ctx.handle.db, ctx.world.users[caller].id, { idleMinutes: 5, absoluteHours: 1 });
        headers.authorization = `Bearer ${token}`;
      }
      // A refused write (401, 403, 404, 409, 422…) leaves every table as it was, not just the answer.
      const refusedWrite = isWrite(options.method) && entry.expect[caller] >= 400;
      const before = refusedWrite ? await snapshotTables(ctx.handle.db) : undefined;
      const res = await ctx.app.inject({ ...options, headers });
      expect(res.statusCode, res.body).toBe(entry.expect[caller]);
      if (before) expect(changedTables(before, await snapshotTables(ctx.handle.db))).toEqual([]);
    });
  }
});

describe('role permissions are data', () => {
  it('a permission removed from a role is refused on the next request, and restored when granted again', async () => {
    const { db } = ctx.handle;
    const [client] = await db.select().from(roles).where(eq(roles.name, 'client'));
    const [viewWarehouses] = await db.select().from(permissions).where(eq(permissions.name, 'view warehouses'));
    const grant = and(eq(rolePermissions.roleId, client!.id), eq(rolePermissions.permissionId, viewWarehouses!.id));
    const call = () => ctx.as('client', { method: 'GET', url: '/api/warehouses' });

    expect((await call()).statusCode).toBe(200);
    await db.delete(rolePermissions).where(grant);
    const denied = await call();
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'This action is unauthorized.' });
    await db.insert(rolePermissions).values({ roleId: client!.id, permissionId: viewWarehouses!.id });
    expect((await call()).statusCode).toBe(200);
  });
});
