import { HAND_OFF_MESSAGES } from '@wms/contract/floor-hand-offs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { rowsOf } from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let counter = 0;
const body = (warehouseId: number, extra: Record<string, unknown> = {}) => ({
  warehouse_id: warehouseId,
  action: `Pick 1 × HO-${++counter} at A-01-02`,
  refusal: 'The task was cancelled.',
  made_at: '2026-11-30T02:10:00Z',
  ...extra,
});
const handOff = (actor: Actor, payload: Record<string, unknown>, key?: string) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/floor/hand-offs',
    payload,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** Who was told about this action (by its words, unique per test). */
const toldAbout = async (action: string) =>
  (
    await rowsOf(
      ctx,
      sql`select user_id, title, text from notifications where kind = 'floor_hand_off' and text like ${`%${action}%`} order by user_id`,
    )
  ).map((r) => ({ userId: Number(r.user_id), title: r.title, text: r.text }));

const FLOOR_PERMISSIONS = ['pick', 'create cycle counts', 'edit locations', 'replenish', 'edit shipments', 'pack'];

/** Runs body with the manager role stripped of these floor permissions (all by default), then gives them back. */
async function withoutFloorPermissions(run: () => Promise<void>, stripped: string[] = FLOOR_PERMISSIONS) {
  const db = ctx.handle.db;
  const [manager] = await db.select().from(roles).where(eq(roles.name, 'manager'));
  const floor = await db.select().from(permissions).where(inArray(permissions.name, stripped));
  const ids = floor.map((p) => p.id);
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, manager!.id), inArray(rolePermissions.permissionId, ids)));
  try {
    await run();
  } finally {
    await db
      .insert(rolePermissions)
      .values(ids.map((permissionId) => ({ roleId: manager!.id, permissionId })))
      .onConflictDoNothing();
  }
}

describe('POST /api/floor/hand-offs', () => {
  it("tells the warehouse's managers and the administrators, not the other warehouse's manager nor the worker", async () => {
    const payload = body(ctx.world.warehouses.alpha);
    const res = await handOff('manager', payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: HAND_OFF_MESSAGES.handedOff });
    // The Alpha manager handed it off (not told about their own action); Beta's manager hands one off in Beta.
    const told = await toldAbout(payload.action);
    const { users } = ctx.world;
    expect(told.map((t) => t.userId).sort()).toEqual([users.superAdmin.id, users.admin.id].sort());
    expect(told.map((t) => t.userId)).not.toContain(users.otherManager.id);

    const beta = body(ctx.world.warehouses.beta);
    expect((await handOff('admin', beta)).statusCode).toBe(200);
    const toldBeta = await toldAbout(beta.action);
    expect(toldBeta.map((t) => t.userId).sort()).toEqual([users.superAdmin.id, users.otherManager.id].sort());
    expect(toldBeta.map((t) => t.userId)).not.toContain(users.manager.id);
  });

  it("reads as the worker's words and the server's refusal, in the manager's bell", async () => {
    const payload = body(ctx.world.warehouses.alpha);
    expect((await handOff('admin', payload)).statusCode).toBe(200);
    const bell = await ctx.as('manager', { method: 'GET', url: '/api/notifications?per_page=50' });
    expect(bell.statusCode, bell.body).toBe(200);
    const mine = bell.json().data.find((n: { text: string }) => n.text.includes(payload.action));
    const adminName = (await ctx.as('admin', { method: 'GET', url: '/api/user' })).json().user.name;
    expect(mine).toMatchObject({
      kind: 'floor_hand_off',
      title: 'A floor action needs you',
      text: `${adminName} could not sync: ${payload.action} — The task was cancelled.`,
    });
    // The other warehouse's manager's bell does not have it.
    const other = await ctx.as('otherManager', { method: 'GET', url: '/api/notifications?per_page=50' });
    expect(other.json().data.some((n: { text: string }) => n.text.includes(payload.action))).toBe(false);
    // The activity feed records it, for the warehouse.
    const events = await rowsOf(
      ctx,
      sql`select kind, warehouse_ids, properties from activity where kind = 'floor.action_handed_off' and properties->>'action' = ${payload.action}`,
    );
    expect(events).toHaveLength(1);
  });

  it("answers 404 for a warehouse outside the caller's scope, with a real id, and tells nobody", async () => {
    const intoBeta = body(ctx.world.warehouses.beta);
    const res = await handOff('manager', intoBeta);
    expect(res.statusCode, res.body).toBe(404);
    const intoAlpha = body(ctx.world.warehouses.alpha);
    expect((await handOff('otherManager', intoAlpha)).statusCode).toBe(404);
    expect(await toldAbout(intoBeta.action)).toEqual([]);
    expect(await toldAbout(intoAlpha.action)).toEqual([]);
    // Each one's own warehouse is accepted.
    expect((await handOff('manager', body(ctx.world.warehouses.alpha))).statusCode).toBe(200);
    expect((await handOff('otherManager', body(ctx.world.warehouses.beta))).statusCode).toBe(200);
  });

  it('needs a floor permission (pick, count, move, replenish, put away or pack): clients and staff without one get 403', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const client = await handOff('client', body(alpha));
    expect(client.statusCode, client.body).toBe(403);
    expect(client.json().message).toBe(HAND_OFF_MESSAGES.floorPermissionRequired);
    await withoutFloorPermissions(async () => {
      const payload = body(alpha);
      const res = await handOff('manager', payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(await toldAbout(payload.action)).toEqual([]);
    });
    expect((await handOff('manager', body(alpha))).statusCode).toBe(200);
  });

  it('a worker whose only floor permission is replenish may hand off (their queued replenishment tasks)', async () => {
    await withoutFloorPermissions(async () => {
      const payload = body(ctx.world.warehouses.alpha, { action: `Replenish 12 × HO-R${++counter} from R-01 to A-01` });
      const res = await handOff('manager', payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(await toldAbout(payload.action)).not.toEqual([]);
    }, ['pick', 'create cycle counts', 'edit locations', 'edit shipments', 'pack']);
  });

  it('accepts the putaway permission alone (edit shipments, as staff): a putaway refused on replay is handed off', async () => {
    const alpha = ctx.world.warehouses.alpha;
    await withoutFloorPermissions(async () => {
      const payload = body(alpha, { action: `Put away 10 × HO-${++counter} to A-01-02 (shipment #12)` });
      const res = await handOff('manager', payload);
      expect(res.statusCode, res.body).toBe(200);
      expect((await toldAbout(payload.action)).length).toBeGreaterThan(0);
    }, ['pick', 'create cycle counts', 'edit locations', 'replenish', 'pack']);
    // A client holds `edit shipments` for their own announcements, but never puts away: still 403.
    const client = await handOff('client', body(alpha));
    expect(client.statusCode, client.body).toBe(403);
  });

  it('lets a packer hand off a refused packing scan: `pack` alone is a floor permission', async () => {
    const alpha = ctx.world.warehouses.alpha;
    await withoutFloorPermissions(async () => {
      const payload = body(alpha, { action: `Pack 1 × HO-PACK-${++counter} into carton 2 of order #123` });
      const res = await handOff('manager', payload);
      expect(res.statusCode, res.body).toBe(200);
      expect((await toldAbout(payload.action)).length).toBeGreaterThan(0);
    }, ['pick', 'create cycle counts', 'edit locations', 'replenish', 'edit shipments']);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/floor/hand-offs', payload: body(1) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 with field messages: texts required, length limits, a date', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const blank = await handOff('manager', { warehouse_id: '', action: '  ', refusal: '', made_at: 'yesterday' });
    expect(blank.statusCode, blank.body).toBe(422);
    expect(blank.json().errors).toMatchObject({
      warehouse_id: [HAND_OFF_MESSAGES.warehouseRequired],
      action: [HAND_OFF_MESSAGES.actionRequired],
      refusal: [HAND_OFF_MESSAGES.refusalRequired],
      made_at: [HAND_OFF_MESSAGES.madeAtInvalid],
    });
    const long = await handOff('manager', body(alpha, { action: 'x'.repeat(301), refusal: 'y'.repeat(501) }));
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().errors).toMatchObject({
      action: ['Use at most 300 characters.'],
      refusal: ['Use at most 500 characters.'],
    });
    const atLimit = await handOff('manager', body(alpha, { action: 'x'.repeat(300), refusal: 'y'.repeat(500) }));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });

  it('is sent once when retried with its Idempotency-Key: one event, one notification each', async () => {
    const payload = body(ctx.world.warehouses.alpha);
    const first = await handOff('admin', payload, 'hand-off-key-1');
    const again = await handOff('admin', payload, 'hand-off-key-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const told = await toldAbout(payload.action);
    expect(told.filter((t) => t.userId === ctx.world.users.manager.id)).toHaveLength(1);
  });
});
