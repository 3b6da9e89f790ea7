import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/tokens';
import { apiTokens } from '../src/db/schema/tokens';
import { changeOf, type LiveReader, openLive } from './support/live-client';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { type Actor, WORLD_PASSWORD } from './support/world';

// A live stream ends within LIVE_RECHECK_SECONDS of its token or API key being revoked, however and
// wherever it was revoked (the stream re-reads its credential from the database). The stream's lifetime is left at
// its 15-minute default, so only the re-check can end it within the test's wait.
let ctx: TestContext;
let baseUrl: string;
const readers: LiveReader[] = [];
const live = async (token: string) => {
  const reader = await openLive(baseUrl, token);
  readers.push(reader);
  expect(reader.status).toBe(200);
  await reader.received(': connected');
  return reader;
};
/** A fresh sign-in of a world user: its own token, so revoking it leaves the world's token alone. */
const signIn = async (actor: Actor) => {
  const res = await ctx.as(null, {
    method: 'POST',
    url: '/api/login',
    payload: { email: ctx.world.users[actor].email, password: WORLD_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
};
const withBearer = (token: string, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** The stream was told why, then ended by the server. */
async function expectRevoked(reader: LiveReader) {
  await reader.next((message) => message.event === 'revoked');
  await reader.ended();
}

beforeAll(async () => {
  ctx = await createTestContext({ LIVE_RECHECK_SECONDS: '0.2' });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const reader of readers) reader.close();
  await ctx?.close();
});

describe('a live stream ends soon after its credential is revoked', () => {
  it('sign-out ends the stream of that token; another session of the same user keeps hearing', async () => {
    const token = await signIn('client');
    const signedOut = await live(token);
    const stillIn = await live(ctx.world.users.client.token);
    expect((await withBearer(token, 'POST', '/api/logout')).statusCode).toBe(200);
    await expectRevoked(signedOut);
    const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    await stillIn.next(changeOf('order.created', order.id));
  });

  it('a revoked API key ends its stream', async () => {
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Live', permissions: ['view orders'], current_password: WORLD_PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reader = await live(created.json().secret);
    const revoked = await ctx.as('admin', { method: 'DELETE', url: `/api/api-keys/${created.json().data.id}` });
    expect(revoked.statusCode).toBe(200);
    await expectRevoked(reader);
  });

  it('a session revoked by another API process (a row change only, no request here) ends the stream', async () => {
    const token = await signIn('manager');
    const reader = await live(token);
    await ctx.handle.db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    await expectRevoked(reader);
  });

  it('a password change (every session revoked) ends every stream of the user', async () => {
    const readersOfUser = [await live(await signIn('otherClient')), await live(ctx.world.users.otherClient.token)];
    const changed = await ctx.as('otherClient', {
      method: 'POST',
      url: '/api/changePassword',
      payload: { current_password: WORLD_PASSWORD, password: 'Changed-pass-9', confirm_password: 'Changed-pass-9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const reader of readersOfUser) await expectRevoked(reader);
  });
});
