import { idParams } from '@wms/contract/ids';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { requestFingerprint } from '../src/modules/integrations/idempotency/request-fingerprint';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { seedWorld, type World } from './support/world';

// The Idempotency-Key fingerprint takes the route's pattern (`/x/:id`), so it must take the path
// parameters too, or one key sent to /x/1 and then /x/2 with the same body replays /x/1's answer for /x/2. No
// idempotent route of the API has a path parameter today, so the test adds one to a real app: the same hooks (auth,
// idempotency) run for it as for every route.
let handle: TestDatabase;
let world: World;
let app: FastifyInstance;
let worked = 0;

const probeRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/api/idempotency-probe/:id',
    {
      config: { permission: 'authenticated', idempotent: 'json' },
      schema: { params: idParams, body: z.object({ note: z.string() }), hide: true },
    },
    async (request) => ({ id: request.params.id, run: ++worked }),
  );
};

beforeAll(async () => {
  handle = await openTestDatabase();
  world = await seedWorld(handle.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' });
  app = await buildApp({ db: handle.db, config, logger: false });
  await app.register(probeRoutes);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const probe = (id: number, key: string) =>
  app.inject({
    method: 'POST',
    url: `/api/idempotency-probe/${id}`,
    headers: { authorization: `Bearer ${world.users.client.token}`, 'idempotency-key': key },
    payload: { note: 'same body' },
  });

describe('the idempotency fingerprint includes path parameters', () => {
  it('one key for /x/1 then /x/2 with the same body is refused as key reuse, never replayed', async () => {
    const key = 'path-params-0001';
    const first = await probe(1, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: 1, run: 1 });
    const other = await probe(2, key);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.statusCode, other.body).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['idempotency_key']);
    // The same resource again is the same request: replayed, the work not done twice.
    const again = await probe(1, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({ id: 1, run: 1 });
    expect(worked).toBe(1);
  });

  it('routes without path parameters keep the fingerprint they had (keys stored before still match)', () => {
    const before = requestFingerprint('POST', '/orders/bulk', {}, { a: 1 });
    expect(requestFingerprint('POST', '/orders/bulk', undefined, { a: 1 })).toBe(before);
    expect(requestFingerprint('POST', '/x/:id', { id: 1 }, { a: 1 })).not.toBe(
      requestFingerprint('POST', '/x/:id', { id: 2 }, { a: 1 }),
    );
  });
});
