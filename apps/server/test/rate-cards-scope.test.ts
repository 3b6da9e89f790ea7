import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../src/modules/billing/rate-cards/rate-cards-service';
import { withPermissions } from './support/grant-permission';
import { createTestContext, type TestContext } from './support/test-app';
import { type Actor, WORLD_PASSWORD } from './support/world';

/**
 * Rate cards follow their account's scope. An administrator's API key limited to one account, and a
 * manager given `manage billing`, reach only the cards of accounts they see (404 otherwise, as for a missing card);
 * the default card prices every account, so only a caller who sees every account reads or changes it. Two tenants
 * side by side: Cleo's account in Alpha, Otto's in Beta.
 */
let ctx: TestContext;
const cards = { default: 0, cleo: 0, otto: 0 };
let adminKey: string;

type Caller = Actor | { secret: string };
const call = (caller: Caller, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
  typeof caller === 'string'
    ? ctx.as(caller, { method, url, ...(payload ? { payload } : {}) })
    : ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${caller.secret}` },
        ...(payload ? { payload } : {}),
      });

const laterDay = todayUtc(new Date(Date.now() + 5 * 86_400_000));
const someRates = { effective_from: laterDay, rates: { fulfilment_order: { rate_micros: 9_000_000, enabled: true } } };
const listedIds = async (caller: Caller) => {
  const res = await call(caller, 'GET', '/api/rate-cards');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rate_cards as { id: number }[]).map((card) => card.id);
};
/** What an administrator reads of a card: a refused write must have changed nothing. */
const versionsOf = async (id: number) =>
  (await call('admin', 'GET', `/api/rate-cards/${id}`)).json().rate_card.versions;

beforeAll(async () => {
  ctx = await createTestContext();
  cards.default = (await call('admin', 'GET', '/api/rate-cards')).json().rate_cards[0].id;
  for (const [name, account_id] of [
    ['cleo', ctx.world.accounts.clientActive],
    ['otto', ctx.world.accounts.otherClient],
  ] as const) {
    const res = await call('admin', 'POST', '/api/rate-cards', { account_id });
    expect(res.statusCode, res.body).toBe(201);
    cards[name] = res.json().rate_card.id;
  }
  const key = await call('admin', 'POST', '/api/api-keys', {
    name: 'Cleo billing integration',
    permissions: ['manage billing'],
    account_id: ctx.world.accounts.clientActive,
    current_password: WORLD_PASSWORD,
  });
  expect(key.statusCode, key.body).toBe(201);
  adminKey = key.json().secret;
});
afterAll(() => ctx.close());

/** Reads and writes of the cards out of reach answer 404, and the cards stay as they were. */
async function expectOutOfReach(caller: Caller, ids: number[]) {
  for (const id of ids) {
    const before = await versionsOf(id);
    expect((await call(caller, 'GET', `/api/rate-cards/${id}`)).statusCode).toBe(404);
    expect((await call(caller, 'PUT', `/api/rate-cards/${id}`, someRates)).statusCode).toBe(404);
    expect(await versionsOf(id)).toEqual(before);
  }
}

describe('rate cards follow the account scope', () => {
  it("an administrator's key limited to one account lists, reads and changes that account's card only", async () => {
    const key = { secret: adminKey };
    expect(await listedIds(key)).toEqual([cards.cleo]);
    await expectOutOfReach(key, [cards.default, cards.otto]);
    expect((await call(key, 'GET', `/api/rate-cards/${cards.cleo}`)).statusCode).toBe(200);
    const saved = await call(key, 'PUT', `/api/rate-cards/${cards.cleo}`, someRates);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rate_card.versions).toHaveLength(1);
  });

  it('the key cannot create a card for an account out of its reach (422 as an unknown account), nothing stored', async () => {
    const before = await listedIds('admin');
    const res = await call({ secret: adminKey }, 'POST', '/api/rate-cards', {
      account_id: ctx.world.accounts.neighbourActive,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ account_id: ['The selected account does not exist.'] });
    expect(await listedIds('admin')).toEqual(before);
  });

  it('a manager given manage billing reaches the cards of their warehouses’ accounts, never the default card', async () => {
    await withPermissions(ctx.handle.db, 'manager', ['manage billing'], async () => {
      expect(await listedIds('manager')).toEqual([cards.cleo]);
      expect(await listedIds('otherManager')).toEqual([cards.otto]);
      await expectOutOfReach('manager', [cards.default, cards.otto]);
      await expectOutOfReach('otherManager', [cards.default, cards.cleo]);
      const created = await call('manager', 'POST', '/api/rate-cards', { account_id: ctx.world.accounts.otherClient });
      expect(created.statusCode).toBe(422);
      const own = await call('otherManager', 'PUT', `/api/rate-cards/${cards.otto}`, someRates);
      expect(own.statusCode, own.body).toBe(200);
    });
  });

  it('callers who see every account keep every card, the default one first', async () => {
    expect(await listedIds('admin')).toEqual([cards.default, cards.cleo, cards.otto]);
    const res = await call('superAdmin', 'PUT', `/api/rate-cards/${cards.default}`, someRates);
    expect(res.statusCode, res.body).toBe(200);
  });
});
