import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSubscriptions } from '../src/db/schema/webhooks';
import { createWebhookPoster } from '../src/http/webhook-post';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { startReceiver } from './support/webhook-receiver';

// The production setting: local development mode off, so the outbound-address guard refuses internal addresses.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function subscribe(url: string, events: string[]) {
  const res = await ctx.as('client', {
    method: 'POST',
    url: '/api/webhooks',
    payload: { account_id: ctx.world.accounts.clientActive, url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: number }; secret: string };
}

describe('webhook subscriptions: scope and the outbound-address guard', () => {
  it('refuses loopback, private, metadata and plain-http URLs unless local development allows them', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'http://93.184.215.14/hook',
    ]) {
      const res = await ctx.as('client', {
        method: 'POST',
        url: '/api/webhooks',
        payload: { account_id: ctx.world.accounts.clientActive, url, events: ['order.created'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['url']);
    }
    const ok = await ctx.as('client', {
      method: 'POST',
      url: '/api/webhooks',
      payload: {
        account_id: ctx.world.accounts.clientActive,
        url: 'https://93.184.215.14/hook',
        events: ['order.created'],
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a host name that does not resolve is refused as such, not as an invalid URL', async () => {
    const before = await ctx.as('client', { method: 'GET', url: '/api/webhooks' });
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/webhooks',
      // `.invalid` never resolves (RFC 6761), so the test reaches no address.
      payload: {
        account_id: ctx.world.accounts.clientActive,
        url: 'https://hooks.example.invalid/x',
        events: ['order.created'],
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ url: [WEBHOOK_MESSAGES.urlUnresolvable] });
    const after = await ctx.as('client', { method: 'GET', url: '/api/webhooks' });
    expect(after.json()).toEqual(before.json());
  });

  it('the delivery itself is refused to a loopback address when local development is off', async () => {
    const receiver = await startReceiver();
    try {
      const result = await createWebhookPoster({ allowLocal: false })(receiver.url, {}, '{}');
      expect(result).toMatchObject({ statusCode: null, error: expect.stringContaining('refused') });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('keeps two clients of one warehouse apart: subscriptions, accounts and events', async () => {
    const { webhook } = await subscribe('https://93.184.215.14/mine', ['order.created']);
    await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.as('neighbourClient', {
        method,
        url: `/api/webhooks/${webhook.id}`,
        ...(method === 'PUT'
          ? { payload: { url: 'https://93.184.215.14/x', events: ['order.created'], enabled: true } }
          : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    const list = await ctx.as('neighbourClient', { method: 'GET', url: '/api/webhooks' });
    expect(list.json().data).toEqual([]);
    const foreign = await ctx.as('neighbourClient', {
      method: 'POST',
      url: '/api/webhooks',
      payload: {
        account_id: ctx.world.accounts.clientActive,
        url: 'https://93.184.215.14/x',
        events: ['order.created'],
      },
    });
    expect(foreign.statusCode).toBe(404);
    const everyAccount = await ctx.as('client', {
      method: 'POST',
      url: '/api/webhooks',
      payload: { account_id: null, url: 'https://93.184.215.14/x', events: ['order.created'] },
    });
    expect(everyAccount.statusCode).toBe(422);
    const events = await ctx.as('neighbourClient', { method: 'GET', url: '/api/events?limit=500' });
    expect(
      events.json().data.filter((e: { account_id: number }) => e.account_id !== ctx.world.accounts.neighbourActive),
    ).toEqual([]);
    const mine = await ctx.as('client', { method: 'GET', url: '/api/events?limit=500' });
    expect(mine.json().data.some((e: { type: string }) => e.type === 'order.created')).toBe(true);
    const admin = await ctx.as('admin', { method: 'GET', url: `/api/webhooks/${webhook.id}` });
    expect(admin.statusCode).toBe(200);
    await ctx.handle.db.delete(webhookSubscriptions);
  });
});
