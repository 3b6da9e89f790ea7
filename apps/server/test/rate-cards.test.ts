import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { invoices } from '../src/db/schema/billing';
import { rateCardVersions } from '../src/db/schema/rate-cards';
import { todayUtc } from '../src/modules/billing/rate-cards/rate-cards-service';
import { activityOf } from './support/activity';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const list = (actor: Actor = 'admin') => ctx.as(actor, { method: 'GET', url: '/api/rate-cards' });
const put = (id: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'PUT', url: `/api/rate-cards/${id}`, payload });
const on = (rate_micros: number) => ({ rate_micros, enabled: true });

/** A date `days` from today (UTC), as the API takes it. */
const dayFromToday = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000));

describe('rate cards', () => {
  let defaultId: number;
  let accountCardId: number;

  it('lists the default card (always there) and the installation currency', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currency).toBe('USD');
    const [card] = res.json().rate_cards;
    // No finalized invoice yet: a rate may start on any day.
    expect(card).toMatchObject({
      account_id: null,
      account_name: null,
      versions: [],
      earliest_effective_from: null,
    });
    defaultId = card.id;
  });

  it('adds a version from tomorrow with exact micro-unit rates, and records it', async () => {
    const today = dayFromToday(1);
    const res = await put(defaultId, {
      effective_from: today,
      rates: { fulfilment_order: on(1_250_000), storage_unit_day: on(2_500) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Rates saved successfully',
      rate_card: {
        versions: [{ effective_from: today, editable: true, rates: { fulfilment_order: on(1_250_000) } }],
      },
    });
    const [event] = await activityOf(ctx.handle.db, 'rate_card', defaultId);
    expect(event).toMatchObject({
      kind: 'rate_card.version_saved',
      properties: { card: 'Default', effective_from: today, replaced: false },
      warehouseIds: [],
      accountIds: [],
    });
  });

  it('edits a version not yet in force in place (same date: one version, new rates)', async () => {
    const future = dayFromToday(10);
    expect((await put(defaultId, { effective_from: future, rates: { label_upload: on(100_000) } })).statusCode).toBe(
      200,
    );
    const res = await put(defaultId, { effective_from: future, rates: { label_upload: on(150_000) } });
    expect(res.statusCode).toBe(200);
    const versions = res.json().rate_card.versions;
    expect(versions.map((v: { effective_from: string }) => v.effective_from)).toEqual([dayFromToday(1), future]);
    expect(versions[1].rates).toEqual({ label_upload: on(150_000) });
    const [event] = await activityOf(ctx.handle.db, 'rate_card', defaultId);
    expect(event?.properties).toMatchObject({ replaced: true });
  });

  it('takes effect from a day already worked while no finalized invoice covers it', async () => {
    const yesterday = dayFromToday(-1);
    // A version that took effect yesterday, put there directly: it still prices unbilled days, so it may change.
    await ctx.handle.db
      .insert(rateCardVersions)
      .values({ rateCardId: defaultId, effectiveFrom: yesterday, rates: { merge_item: on(50_000) } });
    for (const date of [yesterday, '2020-01-01', todayUtc()]) {
      const res = await put(defaultId, { effective_from: date, rates: { merge_item: on(70_000) } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const stored = await ctx.handle.db
      .select()
      .from(rateCardVersions)
      .where(inArray(rateCardVersions.effectiveFrom, [yesterday, '2020-01-01', todayUtc()]));
    expect(stored.map((v) => v.rates)).toEqual([1, 2, 3].map(() => ({ merge_item: on(70_000) })));
    const card = (await ctx.as('admin', { method: 'GET', url: `/api/rate-cards/${defaultId}` })).json().rate_card;
    expect(card.versions.find((v: { effective_from: string }) => v.effective_from === yesterday).editable).toBe(true);
  });

  it('never starts a rate inside a period already on a finalized invoice', async () => {
    // An invoice finalized with a period running ahead (possible before finalizing waited for the period's end).
    const account = ctx.world.accounts.neighbourActive;
    const lastDay = dayFromToday(20);
    const [legacy] = await ctx.handle.db
      .insert(invoices)
      .values({
        accountId: account,
        accountName: 'Nell',
        periodFrom: todayUtc(),
        periodTo: lastDay,
        currency: 'USD',
        status: 'finalized',
        number: 'INV-1999-000001',
        finalizedAt: new Date(),
      })
      .returning();
    try {
      const message =
        'The effective date must be after the last day of a finalized invoice: billed charges never change.';
      // The default card prices every account, so Nell's invoice holds it back too.
      const refused = await put(defaultId, { effective_from: dayFromToday(10), rates: { merge_item: on(0) } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ effective_from: [message] });
      expect((await put(defaultId, { effective_from: lastDay, rates: {} })).statusCode).toBe(422);
      // Refused writes changed nothing: the version of day 10 keeps its rates.
      const [kept] = await ctx.handle.db
        .select()
        .from(rateCardVersions)
        .where(and(eq(rateCardVersions.rateCardId, defaultId), eq(rateCardVersions.effectiveFrom, dayFromToday(10))));
      expect(kept?.rates).toEqual({ label_upload: on(150_000) });
      // Another account's card is not held back by Nell's invoice: it does not price her charges.
      const other = await ctx.as('admin', {
        method: 'POST',
        url: '/api/rate-cards',
        payload: { account_id: ctx.world.accounts.otherClient },
      });
      expect(other.statusCode, other.body).toBe(201);
      expect(other.json().rate_card.earliest_effective_from).toBeNull();
      expect((await put(other.json().rate_card.id, { effective_from: todayUtc(), rates: {} })).statusCode).toBe(200);
      const card = (await ctx.as('admin', { method: 'GET', url: `/api/rate-cards/${defaultId}` })).json().rate_card;
      expect(card.earliest_effective_from).toBe(dayFromToday(21));
      // A version scheduled inside the billed period may no longer change.
      expect(
        card.versions.find((v: { effective_from: string }) => v.effective_from === dayFromToday(10)).editable,
      ).toBe(false);
      expect(
        (await put(defaultId, { effective_from: dayFromToday(21), rates: { merge_item: on(10_000) } })).statusCode,
      ).toBe(200);
    } finally {
      await ctx.handle.db.delete(invoices).where(eq(invoices.id, legacy!.id));
      const otherCard = sql`(select id from rate_cards where account_id = ${ctx.world.accounts.otherClient})`;
      await ctx.handle.db.execute(sql`delete from rate_card_versions where rate_card_id in ${otherCard}`);
      await ctx.handle.db.execute(sql`delete from rate_cards where id in ${otherCard}`);
    }
  });

  it('refuses negative rates and rates with more than 4 decimals, with field messages', async () => {
    const res = await put(defaultId, {
      effective_from: dayFromToday(1),
      rates: { receiving_unit: on(-1_000_000), merge_item: on(123_456) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'rates.receiving_unit.rate_micros': ['Rates cannot be negative.'],
      'rates.merge_item.rate_micros': ['Enter a rate with at most 4 decimals.'],
    });
  });

  it("creates an account's card once; an unknown account is a field error", async () => {
    const accountId = ctx.world.accounts.clientActive;
    const res = await ctx.as('admin', { method: 'POST', url: '/api/rate-cards', payload: { account_id: accountId } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rate_card).toMatchObject({ account_id: accountId, versions: [] });
    accountCardId = res.json().rate_card.id;
    const again = await ctx.as('admin', { method: 'POST', url: '/api/rate-cards', payload: { account_id: accountId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This account already has a rate card.');
    const unknown = await ctx.as('admin', { method: 'POST', url: '/api/rate-cards', payload: { account_id: 999_999 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ account_id: ['The selected account does not exist.'] });
    const [event] = await activityOf(ctx.handle.db, 'rate_card', accountCardId);
    expect(event?.kind).toBe('rate_card.created');
  });

  it('lists the default card first, then account cards; unknown ids are 404', async () => {
    const cards = (await list()).json().rate_cards;
    expect(cards.map((c: { id: number }) => c.id)).toEqual([defaultId, accountCardId]);
    expect(cards[1].account_name).toEqual(expect.any(String));
    expect((await put(999_999, { effective_from: dayFromToday(1), rates: {} })).statusCode).toBe(404);
  });

  it('is for staff holding manage billing only: managers and clients are refused', async () => {
    for (const actor of ['manager', 'client'] as const) {
      expect((await list(actor)).statusCode).toBe(403);
      expect((await put(defaultId, { effective_from: dayFromToday(1), rates: {} }, actor)).statusCode).toBe(403);
    }
    expect((await list('superAdmin')).statusCode).toBe(200);
  });
});

describe('rate cards: permissions of existing installations', () => {
  it('the migration grants manage billing to super-admin and admin, view invoices to them and clients', async () => {
    const { db } = ctx.handle;
    const names = ['manage billing', 'view invoices'];
    const ids = (await db.select().from(permissions).where(inArray(permissions.name, names))).map((p) => p.id);
    await db.delete(rolePermissions).where(inArray(rolePermissions.permissionId, ids));
    // Found by name: the migration's number may change when branches merge.
    const dir = new URL('../src/db/migrations/', import.meta.url);
    const file = readdirSync(dir).find((name) => name.endsWith('_rate_cards.sql'));
    const migration = readFileSync(new URL(file ?? 'missing', dir), 'utf8');
    const grants = migration.slice(migration.indexOf('-- Roles are data')).split('--> statement-breakpoint');
    for (const statement of grants) await db.execute(sql.raw(statement));
    const granted = await db
      .select({ role: roles.name, permission: permissions.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), inArray(permissions.id, ids)));
    const byRole = (role: string) =>
      granted
        .filter((g) => g.role === role)
        .map((g) => g.permission)
        .sort();
    expect(byRole('super-admin')).toEqual(names);
    expect(byRole('admin')).toEqual(names);
    expect(byRole('manager')).toEqual([]);
    expect(byRole('client')).toEqual(['view invoices']);
  });
});
