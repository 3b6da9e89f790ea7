import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from './support/activity';
import { withPermissions } from './support/grant-permission';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const emails = (body: { data: { email: string }[] }) => body.data.map((u) => u.email).sort();

const createUser = (payload: Record<string, unknown>, actor: 'superAdmin' | 'admin' = 'admin') =>
  ctx.as(actor, { method: 'POST', url: '/api/users', payload });
/** A refused write: the answer's status, and not one row of any table changed (rows, links, events). */
const refused = (request: () => ReturnType<typeof createUser>, status: number) =>
  expectRefusedUnchanged(ctx.handle.db, request, status);

describe('GET /api/users', () => {
  it('lists users with role, permissions and warehouses, answering both users and data', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/users?per_page=50' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toEqual(body.data);
    expect(body.meta).toMatchObject({ total: 7, page: 1, per_page: 50 });
    const client = body.users.find((u: { id: number }) => u.id === ctx.world.users.client.id);
    expect(client).toMatchObject({ role: 'client', warehouse_ids: [ctx.world.warehouses.alpha] });
    expect(client.permissions).toContain('view accounts');
    expect(client).not.toHaveProperty('password_hash');
  });

  it('searches name or email, filters by role and pages on the server', async () => {
    const byName = await ctx.as('admin', { method: 'GET', url: '/api/users?search=olga' });
    expect(emails(byName.json())).toEqual(['othermanager@test.example.com']);
    const byEmail = await ctx.as('admin', { method: 'GET', url: '/api/users?search=superadmin@' });
    expect(emails(byEmail.json())).toEqual(['superadmin@test.example.com']);
    const clients = await ctx.as('admin', { method: 'GET', url: '/api/users?role=client' });
    expect(emails(clients.json())).toEqual([
      'client@test.example.com',
      'neighbourclient@test.example.com',
      'otherclient@test.example.com',
    ]);
    const page = await ctx.as('admin', { method: 'GET', url: '/api/users?per_page=4&page=2' });
    expect(page.json().meta).toEqual({ total: 7, page: 2, per_page: 4, last_page: 2 });
    expect(page.json().users).toHaveLength(3);
  });

  it('limits a manager to the users of their warehouses', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: '/api/users' });
    expect(emails(res.json())).toEqual([
      'client@test.example.com',
      'manager@test.example.com',
      'neighbourclient@test.example.com',
    ]);
  });

  it('is refused to clients', async () => {
    expect((await ctx.as('client', { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });
});

describe('GET /api/users/{id} and warehouse assignment reads', () => {
  it('answers {user} in scope and 404 for a manager outside the user’s warehouses', async () => {
    const { client } = ctx.world.users;
    const res = await ctx.as('manager', { method: 'GET', url: `/api/users/${client.id}` });
    expect(res.json().user).toMatchObject({ id: client.id, email: client.email });
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/users/${client.id}` })).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/users/999999' })).statusCode).toBe(404);
  });

  it('lists a user’s warehouses, every user with warehouses, and assigned vs available', async () => {
    const { client } = ctx.world.users;
    const { alpha, beta, gamma } = ctx.world.warehouses;
    const own = await ctx.as('admin', { method: 'GET', url: `/api/users/${client.id}/warehouses` });
    expect(own.json().data.map((w: { id: number }) => w.id)).toEqual([alpha]);

    const all = await ctx.as('admin', { method: 'GET', url: '/api/users/warehouse-assignment?search=cleo' });
    expect(all.json().data).toEqual([
      {
        id: client.id,
        name: 'Cleo Client',
        email: client.email,
        role: 'client',
        warehouses: [{ id: alpha, name: 'Alpha Warehouse', code: 'ALP', city: 'Austin', state: 'TX' }],
      },
    ]);

    const split = await ctx.as('admin', { method: 'GET', url: `/api/users/${client.id}/warehouse-assignments` });
    const data = split.json().data;
    expect(data.user).toEqual({ id: client.id, name: 'Cleo Client', email: client.email, role: 'client' });
    expect(data.assigned.map((w: { id: number }) => w.id)).toEqual([alpha]);
    expect(data.available.map((w: { id: number }) => w.id).sort()).toEqual([beta, gamma].sort());
  });
});

describe('warehouses outside the caller’s scope', () => {
  it('are not shown to a manager on other users, while admins see them all', async () => {
    const { client } = ctx.world.users;
    const { alpha, beta } = ctx.world.warehouses;
    const { warehouseUsers } = await import('../src/db/schema/warehouses');
    const { and, eq } = await import('drizzle-orm');
    await ctx.handle.db.insert(warehouseUsers).values({ userId: client.id, warehouseId: beta });
    try {
      const asAdmin = await ctx.as('admin', { method: 'GET', url: `/api/users/${client.id}` });
      expect(asAdmin.json().user.warehouse_ids).toEqual([alpha, beta].sort((a, b) => a - b));
      const asManager = await ctx.as('manager', { method: 'GET', url: `/api/users/${client.id}` });
      expect(asManager.json().user.warehouse_ids).toEqual([alpha]);
      const list = await ctx.as('manager', { method: 'GET', url: '/api/users?per_page=50' });
      const listed = list.json().users.find((u: { id: number }) => u.id === client.id);
      expect(listed.warehouse_ids).toEqual([alpha]);
      const assignments = await ctx.as('manager', {
        method: 'GET',
        url: '/api/users/warehouse-assignment?per_page=50',
      });
      const assigned = assignments.json().data.find((u: { id: number }) => u.id === client.id);
      expect(assigned.warehouses.map((w: { id: number }) => w.id)).toEqual([alpha]);
      // The caller's own record is never trimmed.
      const me = await ctx.as('manager', { method: 'GET', url: '/api/user' });
      expect(me.json().user.warehouse_ids).toEqual([alpha]);
    } finally {
      await ctx.handle.db
        .delete(warehouseUsers)
        .where(and(eq(warehouseUsers.userId, client.id), eq(warehouseUsers.warehouseId, beta)));
    }
  });
});

describe('POST /api/users', () => {
  it('creates a user with a random initial password, answered once, that must be changed; a sent password is ignored', async () => {
    const res = await createUser({
      name: 'Nina New',
      email: 'Nina.New@Example.com',
      role: 'manager',
      warehouse_ids: [ctx.world.warehouses.beta],
      password: 'attacker-chosen-1',
    });
    expect(res.statusCode).toBe(201);
    const { user, message, initial_password } = res.json();
    expect(message).toBe('User created successfully');
    expect(initial_password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(user).toMatchObject({
      name: 'Nina New',
      email: 'nina.new@example.com',
      role: 'manager',
      warehouse_ids: [ctx.world.warehouses.beta],
      must_change_password: true,
    });
    const login = (password: string) =>
      ctx.as(null, { method: 'POST', url: '/api/login', payload: { email: 'nina.new@example.com', password } });
    expect((await login('attacker-chosen-1')).statusCode).toBe(422);
    const ok = await login(initial_password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.must_change_password).toBe(true);
    const [row] = await activityOf(ctx.handle.db, 'user', user.id);
    expect(row).toMatchObject({ kind: 'user.created', userId: ctx.world.users.admin.id });
  });

  it('lets a user on the default password read but change nothing until they choose their own', async () => {
    const created = await createUser({ name: 'Pat Pending', email: 'pat.pending@example.com', role: 'client' });
    expect(created.statusCode).toBe(201);
    const initialPassword = created.json().initial_password;
    const signIn = await ctx.as(null, {
      method: 'POST',
      url: '/api/login',
      payload: { email: 'pat.pending@example.com', password: initialPassword },
    });
    const auth = { authorization: `Bearer ${signIn.json().token}` };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

    expect((await call('GET', '/api/accounts')).statusCode).toBe(200);
    const blocked = await call('POST', '/api/accounts', {
      name: 'Too Early',
      warehouse_ids: [ctx.world.warehouses.alpha],
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: 'Please change your password before continuing.' });
    expect((await call('PUT', '/api/users', { name: 'Pat' })).statusCode).toBe(403);

    const changed = await call('POST', '/api/changePassword', {
      current_password: initialPassword,
      password: 'Chosen-pass-1',
      confirm_password: 'Chosen-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    const again = await ctx.as(null, {
      method: 'POST',
      url: '/api/login',
      payload: { email: 'pat.pending@example.com', password: 'Chosen-pass-1' },
    });
    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${again.json().token}` },
      payload: { name: 'Now Allowed', warehouse_ids: [] },
    });
    expect(after.statusCode).toBe(422); // past the gate: only the body is wrong now
  });

  it.each([
    [{ email: 'a@b.com', role: 'client' }, 'name', 'Name is required'],
    [{ name: ' ', email: 'a@b.com', role: 'client' }, 'name', 'Name is required'],
    [{ name: 'A', role: 'client' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'not-an-email', role: 'client' }, 'email', 'Enter a valid email'],
    [{ name: 'A', email: 'a@b.com' }, 'role', 'Role is required'],
    [{ name: 'A', email: 'a@b.com', role: 'boss' }, 'role', 'Role is required'],
  ])('answers 422 for %j on %s: %s', async (payload, field, message) => {
    const res = await refused(() => createUser(payload), 422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses a taken email, whatever its case', async () => {
    const res = await refused(() => createUser({ name: 'Dup', email: 'CLIENT@test.example.com', role: 'client' }), 422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('refuses unknown warehouses', async () => {
    const res = await createUser({ name: 'W', email: 'w@example.com', role: 'client', warehouse_ids: [999999] });
    expect(res.json().errors.warehouse_ids).toEqual(['The selected warehouse is invalid.']);
  });

  it('lets only a super-admin create administrators', async () => {
    for (const role of ['admin', 'super-admin']) {
      const res = await refused(() => createUser({ name: 'Boss', email: `boss-${role}@example.com`, role }), 422);
      expect(res.json().errors.role).toEqual(['Only a super-admin can assign or remove the admin role.']);
    }
    const ok = await createUser({ name: 'Boss', email: 'boss@example.com', role: 'admin' }, 'superAdmin');
    expect(ok.statusCode).toBe(201);
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates name, email and role, and records it', async () => {
    const created = (await createUser({ name: 'Edit Me', email: 'edit.me@example.com', role: 'client' })).json().user;
    const res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/users/${created.id}`,
      payload: { name: 'Edited', email: 'edited@example.com', role: 'manager' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User updated successfully',
      user: { name: 'Edited', email: 'edited@example.com', role: 'manager' },
    });
    const [row] = await activityOf(ctx.handle.db, 'user', created.id);
    expect(row).toMatchObject({ kind: 'user.updated', properties: { role_from: 'client', role_to: 'manager' } });
  });

  it('uses the edit form’s email message and keeps emails unique', async () => {
    const url = `/api/users/${ctx.world.users.otherClient.id}`;
    const invalid = await ctx.as('admin', { method: 'PUT', url, payload: { name: 'O', email: 'x@', role: 'client' } });
    expect(invalid.json().errors.email).toEqual(['Please enter a valid email']);
    const taken = await ctx.as('admin', {
      method: 'PUT',
      url,
      payload: { name: 'O', email: 'Client@Test.Example.com', role: 'client' },
    });
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('keeps an account owner in the client role until the accounts have another owner', async () => {
    const { client } = ctx.world.users;
    const res = await refused(
      () =>
        ctx.as('superAdmin', {
          method: 'PUT',
          url: `/api/users/${client.id}`,
          payload: { name: 'Cleo Client', email: client.email, role: 'manager' },
        }),
      422,
    );
    expect(res.json().errors.role).toEqual([
      'This user owns accounts, which only clients can own. Give the accounts another owner first.',
    ]);
    const after = await ctx.as('admin', { method: 'GET', url: `/api/users/${client.id}` });
    expect(after.json().user.role).toBe('client');
  });

  it('never lets anyone change their own role', async () => {
    const { superAdmin } = ctx.world.users;
    const res = await refused(
      () =>
        ctx.as('superAdmin', {
          method: 'PUT',
          url: `/api/users/${superAdmin.id}`,
          payload: { name: 'Sam', email: superAdmin.email, role: 'client' },
        }),
      422,
    );
    expect(res.json().errors.role).toEqual(['You cannot change your own role.']);
  });

  it('keeps administrators in the hands of a super-admin', async () => {
    const promote = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/users/${ctx.world.users.manager.id}`,
      payload: { name: 'Max Manager', email: ctx.world.users.manager.email, role: 'admin' },
    });
    expect(promote.json().errors.role).toEqual(['Only a super-admin can assign or remove the admin role.']);

    const other = (await createUser({ name: 'Adm2', email: 'adm2@example.com', role: 'admin' }, 'superAdmin')).json()
      .user;
    await refused(
      () =>
        ctx.as('admin', {
          method: 'PUT',
          url: `/api/users/${other.id}`,
          payload: { name: 'Adm2', email: 'adm2@example.com', role: 'client' },
        }),
      403,
    );
    await refused(() => ctx.as('admin', { method: 'DELETE', url: `/api/users/${other.id}` }), 403);
    const bySuper = await ctx.as('superAdmin', {
      method: 'PUT',
      url: `/api/users/${other.id}`,
      payload: { name: 'Adm2', email: 'adm2@example.com', role: 'client' },
    });
    expect(bySuper.json().user.role).toBe('client');
  });

  it('answers 404 for a user outside the caller’s scope', async () => {
    await refused(
      () =>
        ctx.as('admin', {
          method: 'PUT',
          url: '/api/users/999999',
          payload: { name: 'X', email: 'x@example.com', role: 'client' },
        }),
      404,
    );
  });
});

describe('another warehouse’s manager granted edit and delete users', () => {
  it('meets 404 editing or deleting a user of Alpha, and the user, their role and warehouses stay', async () => {
    const { manager, otherClient } = ctx.world.users;
    await withPermissions(ctx.handle.db, 'manager', ['edit users', 'delete users'], async () => {
      await refused(
        () =>
          ctx.as('otherManager', {
            method: 'PUT',
            url: `/api/users/${manager.id}`,
            payload: {
              name: 'Taken over',
              email: manager.email,
              role: 'client',
              warehouse_ids: [ctx.world.warehouses.beta],
            },
          }),
        404,
      );
      await refused(() => ctx.as('otherManager', { method: 'DELETE', url: `/api/users/${manager.id}` }), 404);
      // A client of Beta is assigned to Beta: within Beta's manager's reach, so the grant itself works.
      const own = await ctx.as('otherManager', { method: 'GET', url: `/api/users/${otherClient.id}` });
      expect(own.statusCode, own.body).toBe(200);
    });
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user and records it', async () => {
    const created = (await createUser({ name: 'Gone Soon', email: 'gone@example.com', role: 'client' })).json().user;
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/users/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/users/${created.id}` })).statusCode).toBe(404);
    const [row] = await activityOf(ctx.handle.db, 'user', created.id);
    expect(row).toMatchObject({ kind: 'user.deleted' });
  });

  it('refuses deleting yourself', async () => {
    const res = await refused(
      () => ctx.as('admin', { method: 'DELETE', url: `/api/users/${ctx.world.users.admin.id}` }),
      403,
    );
    expect(res.json().message).toBe('You cannot delete your own user.');
  });

  it('refuses deleting a user who owns accounts with 409', async () => {
    const res = await refused(
      () => ctx.as('admin', { method: 'DELETE', url: `/api/users/${ctx.world.users.otherClient.id}` }),
      409,
    );
    expect(res.json().message).toMatch(/owns accounts/);
  });
});
