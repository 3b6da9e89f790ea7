import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './test-app';
import { emptyStock, newLocation, placeUnits } from './waves';
import type { Actor } from './world';

/** Fixtures of the replenishment tests: a pick face with storage behind it, tasks and their rows as stored. */

type Row = Record<string, unknown>;
const rowsOf = async (ctx: TestContext, query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await ctx.handle.db.execute(query)) as unknown as { rows: Row[] }).rows;

export const setFaces = (
  ctx: TestContext,
  inventoryId: number,
  faces: { location_id: number; min: number; max: number; increment: number }[],
  actor: Actor = 'manager',
) =>
  ctx.as(actor, { method: 'PUT', url: `/api/inventories/${inventoryId}/pick-faces`, payload: { pick_faces: faces } });

/**
 * A product of `accountId` with a pick location holding `atFace` units (min/max/increment as given) and a storage
 * location holding `inStorage`.
 */
export async function faceWithStorage(
  ctx: TestContext,
  options: {
    warehouseId?: number;
    accountId?: number;
    atFace?: number;
    inStorage?: number;
    face?: { min: number; max: number; increment: number };
    product?: Record<string, unknown>;
  } = {},
) {
  const warehouseId = options.warehouseId ?? ctx.world.warehouses.alpha;
  const accountId = options.accountId ?? ctx.world.accounts.clientActive;
  const stock = await emptyStock(ctx, accountId, warehouseId, options.product ?? {});
  const pick = await newLocation(ctx, warehouseId, { type: 'pick', zone: 'PF' });
  const storage = await newLocation(ctx, warehouseId, { type: 'storage', zone: 'ST' });
  if (options.atFace) await placeUnits(ctx, stock.inventoryId, pick.id, options.atFace);
  if (options.inStorage) await placeUnits(ctx, stock.inventoryId, storage.id, options.inStorage);
  const face = options.face ?? { min: 10, max: 40, increment: 12 };
  const res = await setFaces(ctx, stock.inventoryId, [{ location_id: pick.id, ...face }], 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return { ...stock, warehouseId, accountId, pick, storage, faceId: res.json().data[0].id as number };
}

export const report = (ctx: TestContext, warehouseId: number, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'GET', url: `/api/warehouses/${warehouseId}/replenishment` });

export const createTasks = (
  ctx: TestContext,
  body: { warehouse_id: number; pick_face_ids?: number[] },
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: '/api/replenishment-tasks', payload: body });

export const taskAction = (
  ctx: TestContext,
  id: number,
  action: 'start' | 'complete' | 'short' | 'cancel',
  payload?: Record<string, unknown>,
  actor: Actor = 'manager',
) =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/replenishment-tasks/${id}/${action}`,
    ...(payload ? { payload } : {}),
  });

/** Units and allocated units of a row at one location (every lot), as stored. */
export async function held(ctx: TestContext, inventoryId: number, locationId: number) {
  const [row] = await rowsOf(
    ctx,
    sql`select coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(quantity_allocated), 0)::int as allocated
      from location_stock where inventory_id = ${inventoryId} and location_id = ${locationId}`,
  );
  return { quantity: Number(row!.quantity), allocated: Number(row!.allocated) };
}

export async function tasksOfFace(ctx: TestContext, faceId: number) {
  return rowsOf(ctx, sql`select * from replenishment_tasks where pick_face_id = ${faceId} order by id`);
}

export { rowsOf };
