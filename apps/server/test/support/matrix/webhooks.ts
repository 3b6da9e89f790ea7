import { expect } from 'vitest';
import type { Caller, MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import type { TestContext } from '../test-app';

/**
 * A REAL subscription of the client's active account (seeded by `seedWebhookMatrixRows`), with one delivery: the
 * neighbour client of the same warehouse meets its existing id and gets 404; managers hold no webhooks permission
 * (403). Writes leave the world as it was where they can: PUT repeats the current values; DELETE takes a
 * subscription of its own per caller (a client's own account for clients, one of the client's for admins).
 */
const rows = {
  webhook: 0,
  delivery: 0,
  url: 'https://93.184.215.14/matrix',
  deletable: {} as Partial<Record<Caller, number>>,
};

export async function seedWebhookMatrixRows(ctx: TestContext): Promise<void> {
  const create = async (accountId: number, actor: 'admin' | 'client' | 'neighbourClient' | 'otherClient') => {
    const res = await ctx.as(actor, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { account_id: accountId, url: rows.url, events: ['order.created'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().webhook.id as number;
  };
  const { accounts } = ctx.world;
  rows.webhook = await create(accounts.clientActive, 'client');
  const test = await ctx.as('client', { method: 'POST', url: `/api/webhooks/${rows.webhook}/test` });
  expect(test.statusCode, test.body).toBe(202);
  rows.delivery = test.json().delivery.id;
  for (const caller of ['anonymous', 'superAdmin', 'admin', 'manager', 'otherManager', 'client'] as const) {
    rows.deletable[caller] = await create(accounts.clientActive, 'client');
  }
  rows.deletable.neighbourClient = await create(accounts.clientActive, 'client');
  rows.deletable.otherClient = await create(accounts.clientActive, 'client');
}

const withAccess = ['superAdmin', 'admin', 'client', 'neighbourClient', 'otherClient'] as const;
/** Admins and the owning client; the other clients (one in the same warehouse) meet a real id: 404. */
const clientRow = (ok: number) => only(withAccess, ok, { neighbourClient: 404, otherClient: 404 });

export const webhooksMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/webhooks',
    request: () => ({ method: 'GET', url: '/api/webhooks' }),
    expect: only(withAccess, 200),
  },
  {
    // The URL is refused for everyone allowed past permission and scope (422), so nothing is created.
    route: 'POST /api/webhooks',
    request: (w) => ({
      method: 'POST',
      url: '/api/webhooks',
      payload: { account_id: w.accounts.clientActive, url: 'https://127.0.0.1/x', events: ['order.created'] },
    }),
    expect: only(withAccess, 422, { neighbourClient: 404, otherClient: 404 }),
  },
  {
    route: 'GET /api/webhooks/:id',
    request: () => ({ method: 'GET', url: `/api/webhooks/${rows.webhook}` }),
    expect: clientRow(200),
  },
  {
    route: 'PUT /api/webhooks/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/webhooks/${rows.webhook}`,
      payload: { url: rows.url, events: ['order.created'], enabled: true, description: null },
    }),
    expect: clientRow(200),
  },
  {
    route: 'DELETE /api/webhooks/:id',
    request: (_w, caller) => ({ method: 'DELETE', url: `/api/webhooks/${rows.deletable[caller]}` }),
    expect: clientRow(200),
  },
  {
    route: 'GET /api/webhooks/:id/deliveries',
    request: () => ({ method: 'GET', url: `/api/webhooks/${rows.webhook}/deliveries` }),
    expect: clientRow(200),
  },
  {
    route: 'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver',
    request: () => ({ method: 'POST', url: `/api/webhooks/${rows.webhook}/deliveries/${rows.delivery}/redeliver` }),
    expect: clientRow(202),
  },
  {
    route: 'POST /api/webhooks/:id/test',
    request: () => ({ method: 'POST', url: `/api/webhooks/${rows.webhook}/test` }),
    expect: clientRow(202),
  },
  {
    route: 'GET /api/events',
    request: () => ({ method: 'GET', url: '/api/events' }),
    expect: only(withAccess, 200),
  },
];
