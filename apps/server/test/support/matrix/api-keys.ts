import { expect } from 'vitest';
import type { Caller, MatrixEntry, MatrixWorld } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import type { TestContext } from '../test-app';
import { type Actor, WORLD_PASSWORD } from '../world';

/**
 * API keys: administrators and clients hold the API key permissions; managers none. DELETE takes a REAL
 * key per caller: an administrator revokes the neighbour's (they see every key), the neighbour their own, the other
 * clients meet the neighbour's real id and must get 404.
 */
const keys: Partial<Record<Caller, number>> = {};

export async function seedApiKeyMatrixRows(ctx: TestContext): Promise<void> {
  for (const caller of [
    'anonymous',
    'superAdmin',
    'admin',
    'manager',
    'otherManager',
    'client',
    'otherClient',
    'neighbourClient',
  ] as const) {
    const res = await ctx.as('neighbourClient', {
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: `Matrix ${caller}`,
        permissions: ['view products'],
        account_id: ctx.world.accounts.neighbourActive,
        current_password: WORLD_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    keys[caller] = res.json().data.id;
  }
}

const HOLDERS = ['superAdmin', 'admin', 'client', 'otherClient', 'neighbourClient'] as const;
const ownAccount = (world: MatrixWorld, caller: Caller): number | undefined =>
  ({
    client: world.accounts.clientActive,
    otherClient: world.accounts.otherClient,
    neighbourClient: world.accounts.neighbourActive,
  })[caller as Extract<Actor, 'client' | 'otherClient' | 'neighbourClient'>];

export const apiKeysMatrix: MatrixEntry[] = [
  { route: 'GET /api/api-keys', request: () => ({ method: 'GET', url: '/api/api-keys' }), expect: only(HOLDERS, 200) },
  {
    route: 'POST /api/api-keys',
    // Managers are sent a key for an account of their warehouse: refused with 403, nothing stored.
    request: (world, caller) => ({
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: `Matrix key of ${caller}`,
        permissions: ['view products'],
        account_id: ownAccount(world, caller) ?? world.accounts.clientActive,
        current_password: WORLD_PASSWORD,
      },
    }),
    expect: only(HOLDERS, 201),
  },
  {
    route: 'DELETE /api/api-keys/:id',
    request: (_world, caller) => ({ method: 'DELETE', url: `/api/api-keys/${keys[caller]}` }),
    expect: only(HOLDERS, 200, { client: 404, otherClient: 404 }),
  },
];
