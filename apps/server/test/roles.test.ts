import { PERMISSIONS } from '@wms/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  users_count: number;
}
const roles = async (): Promise<RoleRow[]> => (await ctx.as('admin', { method: 'GET', url: '/api/roles' })).json().data;
const role = async (name: string) => (await roles()).find((r) => r.name === name)!;
const put = (actor: 'superAdmin' | 'admin', id: number, permissions: string[]) =>
  ctx.as(actor, { method: 'PUT', url: `/api/roles/${id}/permissions`, payload: { permissions } });

describe('GET /api/roles', () => {
  it('lists the four roles with their permissions and users, and every permission', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: RoleRow) => r.name)).toEqual(['super-admin', 'admin', 'manager', 'client']);
    expect([...body.permissions].sort()).toEqual([...PERMISSIONS].sort());
    const manager = body.data.find((r: RoleRow) => r.name === 'manager');
    expect(manager).toMatchObject({ label: 'Manager', users_count: 2 });
    expect(manager.permissions).toContain('view users');
    expect(manager.permissions).not.toContain('create users');
  });

  it('is refused without view roles', async () => {
    expect((await ctx.as('manager', { method: 'GET', url: '/api/roles' })).statusCode).toBe(403);
  });
});

describe('PUT /api/roles/{id}/permissions', () => {
  it('replaces a role’s permissions, applies them on the next request, and records it', async () => {
    const client = await role('client');
    const without = client.permissions.filter((p) => p !== 'view shippers');
    const res = await put('superAdmin', client.id, without);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Permissions updated successfully');
    expect(res.json().data.permissions).not.toContain('view shippers');
    expect((await ctx.as('client', { method: 'GET', url: '/api/shippers' })).statusCode).toBe(403);

    const [row] = await activityOf(ctx.handle.db, 'role', client.id);
    expect(row).toMatchObject({
      kind: 'role.updated',
      properties: { granted: [], revoked: ['view shippers'] },
      warehouseIds: [],
      accountIds: [],
    });

    await put('superAdmin', client.id, client.permissions);
    expect((await ctx.as('client', { method: 'GET', url: '/api/shippers' })).statusCode).toBe(200);
  });

  it('is for super-admins only', async () => {
    const manager = await role('manager');
    const res = await put('admin', manager.id, []);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only a super-admin can change role permissions.');
  });

  it('refuses unknown permission names', async () => {
    const manager = await role('manager');
    const res = await put('superAdmin', manager.id, ['view users', 'fly rockets']);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions).toEqual(['Unknown permission: fly rockets']);
  });

  it('never takes a permission from the super-admin role', async () => {
    const superAdmin = await role('super-admin');
    const res = await put('superAdmin', superAdmin.id, ['view users']);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions).toEqual(['The super-admin role always holds every permission.']);
    expect((await role('super-admin')).permissions).toHaveLength(PERMISSIONS.length);
  });

  it('answers 404 for an unknown role', async () => {
    expect((await put('superAdmin', 999999, [])).statusCode).toBe(404);
  });
});
