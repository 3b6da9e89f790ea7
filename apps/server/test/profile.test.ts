import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/api-keys';
import { files } from '../src/db/schema/files';
import { inspectImage } from '../src/files/image-inspection';
import { activityOf } from './support/activity';
import { gif, jpeg, multipartFile, png } from './support/images';
import { createTestContext, type TestContext } from './support/test-app';
import { type Actor, WORLD_PASSWORD } from './support/world';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wms-profile-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (actor: Actor, fileName: string, contentType: string, bytes: Buffer, field = 'image') =>
  ctx.as(actor, { method: 'POST', url: '/api/uploadImage', ...multipartFile(field, fileName, contentType, bytes) });

describe('image inspection', () => {
  it('reads type and size from PNG, GIF and JPEG headers and refuses anything else', () => {
    expect(inspectImage(png(3, 2))).toMatchObject({ mimeType: 'image/png', width: 3, height: 2 });
    expect(inspectImage(gif(10, 20))).toMatchObject({ mimeType: 'image/gif', width: 10, height: 20 });
    expect(inspectImage(jpeg(640, 480))).toMatchObject({ mimeType: 'image/jpeg', width: 640, height: 480 });
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(inspectImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('POST /api/uploadImage and GET /api/files/{id}', () => {
  it('stores an image with its metadata and serves it publicly with its real type', async () => {
    const bytes = png(4, 4);
    const res = await upload('client', 'me.png', 'image/png', bytes);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const id = url.split('/').pop()!;
    const [row] = await ctx.handle.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({
      kind: 'avatar',
      ownerUserId: ctx.world.users.client.id,
      originalName: 'me.png',
      mimeType: 'image/png',
      sizeBytes: bytes.length,
    });
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const served = await ctx.as(null, { method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('trusts the bytes, not the name or declared type', async () => {
    const disguised = await upload('client', 'photo.png', 'image/png', Buffer.from('<svg onload="alert(1)"/>'));
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('The image must be a PNG, JPEG, GIF or WebP file.');
    const gifNamedTxt = await upload('client', 'notes.txt', 'text/plain', gif(5, 5));
    expect(gifNamedTxt.statusCode).toBe(200);
    const id = gifNamedTxt.json().data.split('/').pop();
    const served = await ctx.as(null, { method: 'GET', url: `/api/files/${id}` });
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('refuses files over 2 MB with 413', async () => {
    const big = Buffer.concat([png(2, 2), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('client', 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image must not be larger than 2 MB.');
  });

  it('refuses images larger than 4096 × 4096 pixels', async () => {
    const res = await upload('client', 'huge.png', 'image/png', png(5000, 10, { headerOnly: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image).toEqual(['The image must be at most 4096 × 4096 pixels.']);
  });

  it('asks for the image field', async () => {
    const wrongField = await upload('client', 'a.png', 'image/png', png(1, 1), 'photo');
    expect(wrongField.json().errors.image).toEqual(['The image field is required.']);
    const notMultipart = await ctx.as('client', { method: 'POST', url: '/api/uploadImage', payload: {} });
    expect(notMultipart.statusCode).toBe(422);
  });

  // Dropping the kind filter in findFile left every test green.
  it('serves only avatars publicly: a stored file of another kind answers 404', async () => {
    const res = await upload('client', 'label.png', 'image/png', png(2, 2));
    const url: string = res.json().data;
    const id = url.split('/').pop()!;
    expect((await ctx.as(null, { method: 'GET', url })).statusCode).toBe(200);
    await ctx.handle.db.update(files).set({ kind: 'label' }).where(eq(files.id, id));
    expect((await ctx.as(null, { method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.as('client', { method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers 404 for unknown or malformed file ids', async () => {
    expect((await ctx.as(null, { method: 'GET', url: '/api/files/not-a-uuid' })).statusCode).toBe(404);
    const unknown = '/api/files/00000000-0000-4000-8000-000000000000';
    expect((await ctx.as(null, { method: 'GET', url: unknown })).statusCode).toBe(404);
  });
});

describe('PUT /api/users (own profile)', () => {
  it('updates the caller’s profile, avatar included, and records it', async () => {
    const avatar = (await upload('manager', 'me.jpg', 'image/jpeg', jpeg(64, 64))).json().data;
    const res = await ctx.as('manager', {
      method: 'PUT',
      url: '/api/users',
      payload: {
        id: ctx.world.users.manager.id,
        name: 'Max M.',
        occupation: 'Shift lead',
        phone: '+1 555 0100',
        address: '1 Dock Rd',
        gender: 'male',
        avatar,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully',
      user: { name: 'Max M.', occupation: 'Shift lead', gender: 'male', avatar },
    });
    const [row] = await activityOf(ctx.handle.db, 'user', ctx.world.users.manager.id);
    expect(row).toMatchObject({ kind: 'profile.updated' });
  });

  it('resets blank fields and the avatar to the placeholder', async () => {
    const res = await ctx.as('manager', {
      method: 'PUT',
      url: '/api/users',
      payload: { name: 'Max Manager', occupation: '', gender: '', avatar: '' },
    });
    expect(res.json().user).toMatchObject({ occupation: null, gender: null, avatar: '/images/avatar-placeholder.svg' });
  });

  it('validates name and gender, and only accepts avatars the caller uploaded', async () => {
    const noName = await ctx.as('client', { method: 'PUT', url: '/api/users', payload: { name: '' } });
    expect(noName.json().errors.name).toEqual(['Name is required']);
    const badGender = await ctx.as('client', { method: 'PUT', url: '/api/users', payload: { name: 'C', gender: 'x' } });
    expect(badGender.json().errors.gender).toBeDefined();
    const someoneElses = (await upload('otherClient', 'o.png', 'image/png', png(2, 2))).json().data;
    for (const avatar of [someoneElses, 'https://evil.example.com/a.png']) {
      const res = await ctx.as('client', { method: 'PUT', url: '/api/users', payload: { name: 'C', avatar } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.avatar).toEqual(['The avatar must be an image you uploaded.']);
    }
  });

  it('refuses an id naming someone else', async () => {
    const res = await ctx.as('client', {
      method: 'PUT',
      url: '/api/users',
      payload: { id: ctx.world.users.admin.id, name: 'Hijack' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/changePassword', () => {
  it.each([
    [{}, 'password', 'Password and Confirm Password are required.'],
    [{ password: 'longenough', confirm_password: 'longenough' }, 'current_password', 'Current password is required'],
    [
      { current_password: 'x', password: 'longenough' },
      'confirm_password',
      'Password and Confirm Password are required.',
    ],
    [
      { current_password: 'x', password: 'short', confirm_password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      { current_password: 'x', password: 'longenough', confirm_password: 'different1' },
      'confirm_password',
      'Passwords do not match.',
    ],
  ])('answers 422 for %j on %s: %s', async (payload, field, message) => {
    const res = await ctx.as('otherClient', { method: 'POST', url: '/api/changePassword', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses a new password equal to the current one (the initial one cannot be kept)', async () => {
    const res = await ctx.as('otherClient', {
      method: 'POST',
      url: '/api/changePassword',
      payload: { current_password: 'Secret-pass-1', password: 'Secret-pass-1', confirm_password: 'Secret-pass-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['The new password must be different from the current one.']);
    expect((await ctx.as('otherClient', { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password (422 on current_password) and keeps the old one', async () => {
    const res = await ctx.as('otherClient', {
      method: 'POST',
      url: '/api/changePassword',
      payload: { current_password: 'Not-my-pass-1', password: 'New-pass-123', confirm_password: 'New-pass-123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Current password is incorrect',
      errors: { current_password: ['Current password is incorrect'] },
    });
    expect((await ctx.as('otherClient', { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('refuses changing someone else’s password', async () => {
    const res = await ctx.as('otherClient', {
      method: 'POST',
      url: '/api/changePassword',
      payload: {
        id: ctx.world.users.client.id,
        current_password: 'Secret-pass-1',
        password: 'New-pass-123',
        confirm_password: 'New-pass-123',
      },
    });
    expect(res.statusCode).toBe(403);
  });

  it('changes the password, clears the forced change, and signs the user out everywhere', async () => {
    const { otherClient } = ctx.world.users;
    const login = (password: string) =>
      ctx.as(null, { method: 'POST', url: '/api/login', payload: { email: otherClient.email, password } });
    const second = (await login('Secret-pass-1')).json().token;

    const res = await ctx.as('otherClient', {
      method: 'POST',
      url: '/api/changePassword',
      payload: {
        id: otherClient.id,
        current_password: 'Secret-pass-1',
        password: 'New-pass-123',
        confirm_password: 'New-pass-123',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully. Please login again.' });

    expect((await ctx.as('otherClient', { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${second}` },
    });
    expect(other.statusCode).toBe(401);
    expect((await login('Secret-pass-1')).statusCode).toBe(422);
    const fresh = await login('New-pass-123');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.must_change_password).toBe(false);
    const [row] = await activityOf(ctx.handle.db, 'user', otherClient.id);
    expect(row).toMatchObject({ kind: 'password.changed' });
  });
});

describe('POST /api/changePassword and API keys', () => {
  const keyOf = async (actor: Actor, account_id: number) => {
    const res = await ctx.as(actor, {
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Shop', permissions: ['view products'], account_id, current_password: WORLD_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secret as string;
  };
  const productsWith = async (secret: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/products', headers: { authorization: `Bearer ${secret}` } }))
      .statusCode;
  const change = (actor: Actor, extra: Record<string, unknown>) =>
    ctx.as(actor, {
      method: 'POST',
      url: '/api/changePassword',
      payload: {
        current_password: WORLD_PASSWORD,
        password: 'Fresh-pass-456',
        confirm_password: 'Fresh-pass-456',
        ...extra,
      },
    });

  it('revokes every API key of the user by default, each with its revoke event', async () => {
    const secrets = [
      await keyOf('client', ctx.world.accounts.clientActive),
      await keyOf('client', ctx.world.accounts.clientInactive),
    ];
    // Another user's key is not theirs to lose.
    const neighbours = await keyOf('neighbourClient', ctx.world.accounts.neighbourActive);
    expect(await Promise.all(secrets.map(productsWith))).toEqual([200, 200]);
    expect((await change('client', {})).statusCode).toBe(200);
    expect(await Promise.all(secrets.map(productsWith))).toEqual([401, 401]);
    expect(await productsWith(neighbours)).toBe(200);
    const revoked = await ctx.handle.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, ctx.world.users.client.id), isNotNull(apiKeys.revokedAt)));
    expect(revoked).toHaveLength(2);
    for (const key of revoked) {
      const [event] = await activityOf(ctx.handle.db, 'api_key', key.id);
      expect(event).toMatchObject({ kind: 'api_key.revoked', userId: ctx.world.users.client.id });
    }
  });

  it('keeps them when the user unticks "also revoke my API keys"', async () => {
    const secret = await keyOf('neighbourClient', ctx.world.accounts.neighbourActive);
    expect((await change('neighbourClient', { revoke_api_keys: false })).statusCode).toBe(200);
    expect(await productsWith(secret)).toBe(200);
  });
});
