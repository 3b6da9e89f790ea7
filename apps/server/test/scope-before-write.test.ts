import type { Permission } from '@wms/contract/access';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { warehouses, warehouseUsers } from '../src/db/schema/warehouses';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * A write the caller could not read back answered 404 after it had happened (a client whose role was
 * given `create users` created a user nobody received the password of). Roles are data, so each case grants the
 * permission first; every such write must be refused before anything is written.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function grant(roleName: string, extra: Permission[]): Promise<void> {
  const roles = (await ctx.as('admin', { method: 'GET', url: '/api/roles' })).json().data as {
    id: number;
    name: string;
    permissions: string[];
  }[];
  const role = roles.find((r) => r.name === roleName)!;
  const res = await ctx.as('superAdmin', {
    method: 'PUT',
    url: `/api/roles/${role.id}/permissions`,
    payload: { permissions: [...new Set([...role.permissions, ...extra])] },
  });
  expect(res.statusCode).toBe(200);
}

const userCount = async () => (await ctx.handle.db.select({ n: count() }).from(users))[0]!.n;

describe('writes check scope before they write', () => {
  it('a client given `create users` gets 404 and no user is created', async () => {
    await grant('client', ['create users']);
    const before = await userCount();
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Ghost User', email: 'ghost@example.com', role: 'client', warehouse_ids: [] },
    });
    expect(res.statusCode).toBe(404);
    expect(await userCount()).toBe(before);
    const [ghost] = await ctx.handle.db.select().from(users).where(eq(users.email, 'ghost@example.com'));
    expect(ghost).toBeUndefined();
  });

  it('a manager given `create users` gets 404 for a user outside their warehouses, and creates one inside', async () => {
    await grant('manager', ['create users', 'edit users']);
    const before = await userCount();
    const outside = await ctx.as('manager', {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'No Warehouse', email: 'nowh@example.com', role: 'client', warehouse_ids: [] },
    });
    expect(outside.statusCode).toBe(404);
    expect(await userCount()).toBe(before);
    const inside = await ctx.as('manager', {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Alpha Worker',
        email: 'alpha.worker@example.com',
        role: 'client',
        warehouse_ids: [ctx.world.warehouses.alpha],
      },
    });
    expect(inside.statusCode).toBe(201);
    expect(await userCount()).toBe(before + 1);
  });

  it('a manager taking a user out of all their warehouses gets 404 and the user keeps them', async () => {
    const client = ctx.world.users.neighbourClient;
    const res = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/users/${client.id}`,
      payload: { name: 'Nell Neighbour', email: client.email, role: 'client', warehouse_ids: [] },
    });
    expect(res.statusCode).toBe(404);
    const links = await ctx.handle.db.select().from(warehouseUsers).where(eq(warehouseUsers.userId, client.id));
    expect(links.map((l) => l.warehouseId)).toEqual([ctx.world.warehouses.alpha]);
  });

  it('a manager given `create warehouses` gets 404 and no warehouse is created', async () => {
    await grant('manager', ['create warehouses']);
    const res = await ctx.as('manager', {
      method: 'POST',
      url: '/api/warehouses',
      payload: { name: 'Shadow Warehouse', code: 'SHD-01' },
    });
    expect(res.statusCode).toBe(404);
    const rows = await ctx.handle.db.select().from(warehouses).where(eq(warehouses.code, 'SHD-01'));
    expect(rows).toEqual([]);
  });
});
