import { randomUUID } from 'node:crypto';
import { CHARGE_TYPES } from '@wms/contract/rate-cards';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWarehouses } from '../src/db/schema/accounts';
import { manualCharges } from '../src/db/schema/billing';
import { files } from '../src/db/schema/files';
import { inventoryMovements } from '../src/db/schema/inventory';
import { mergeItems, orderItems, orders, shipmentLabels } from '../src/db/schema/orders';
import { shipments } from '../src/db/schema/shipments';
import { warehouses } from '../src/db/schema/warehouses';
import { manualChargeFacts } from '../src/modules/billing/charges/charge-facts-repository';
import { chargeFacts, dailyFactsOfAccounts } from '../src/modules/billing/charges/fact-statements';
import { manualChargesOfAccounts } from '../src/modules/billing/charges/unbilled-facts-repository';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The per-account preview (charge-facts-repository.ts: one account's facts with their evidence, for previews and
 * invoices) and the all-accounts dashboard (unbilled-facts-repository.ts: every account's facts summed per day) must
 * be one rule. Over generated histories of two accounts side by side — warehouses in zones with DST changes inside
 * the period (New York 8 March, London 29 March, Auckland and Lord Howe's half-hour shift 5 April 2026) or with
 * half-hour offsets; receipts (and receipt corrections), moves between locations (quarantine included), removals,
 * rows at local midnights; verified, pending and rejected shipments; shipped, open and cancelled orders with or
 * without their recorded counts; labels; merge items (one without orders); manual charges — and periods starting
 * mid-month, every billable fact kind sums to the same figure per account, kind and day both ways. A seeded
 * generator (no fast-check in the repository): a failure names its seed.
 */
let ctx: TestContext;
let accounts: number[];
const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Pacific/Auckland', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
/** The generated history's first instant; it runs 45 days on, over the periods the test asks for. */
const HISTORY_START = Date.parse('2026-02-20T00:00:00Z');
const HISTORY_HOURS = 45 * 24;
let labelFile: string;
let statusId: number;

/** mulberry32: a small deterministic generator, so a failing seed replays. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  /** An instant of the history: half on exact UTC hours (local midnights in whole-hour zones), half anywhere. */
  const instant = () => {
    const ms = HISTORY_START + int(0, HISTORY_HOURS) * 3_600_000;
    return new Date(next() < 0.5 ? ms : ms + int(0, 3_599) * 1000);
  };
  return { next, int, instant, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]! };
}
type Random = ReturnType<typeof generator>;

/** One account's stock in one warehouse, and the locations it moves between. */
type Place = { account: number; warehouse: number; inventory: number; product: number; locations: number[] };
let places: Place[];

async function location(warehouse: number, code: string, type: string): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouse}/locations`,
    payload: { code, zone: 'P', type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The history is written directly (instants of the past, DST edges): the close-time stock checks compare it with
  // movements the flows would have made with after-balances, which these rows do not carry.
  ctx.skipStockInvariants();
  const { alpha, beta } = ctx.world.warehouses;
  // Two tenants side by side: Cleo's account in both warehouses (its history spans two zones) and Nell's next door.
  accounts = [ctx.world.accounts.clientActive, ctx.world.accounts.neighbourActive];
  await ctx.handle.db.insert(accountWarehouses).values([
    { accountId: accounts[0]!, warehouseId: beta },
    { accountId: accounts[1]!, warehouseId: beta },
  ]);
  places = [];
  let n = 0;
  for (const account of accounts) {
    for (const warehouse of [alpha, beta]) {
      const product = await createProduct(ctx, account);
      const inventory = await createInventory(ctx, {
        productId: product.id,
        warehouseId: warehouse,
        accountId: account,
        onHand: 0,
      });
      n += 1;
      const locations = [
        await location(warehouse, `PROP-${n}-S`, 'storage'),
        await location(warehouse, `PROP-${n}-K`, 'pick'),
        await location(warehouse, `PROP-${n}-Q`, 'quarantine'),
      ];
      places.push({ account, warehouse, inventory: inventory.id, product: product.id, locations });
    }
  }
  const [file] = await ctx.handle.db
    .insert(files)
    .values({
      id: randomUUID(),
      kind: 'label',
      originalName: 'label.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1,
      sha256: '0',
      storageKey: `property/${randomUUID()}`,
    })
    .returning({ id: files.id });
  labelFile = file!.id;
  const status = await ctx.handle.db.execute(sql`select id from statuses order by id limit 1`);
  statusId = (Array.isArray(status) ? status : (status as { rows: { id: number }[] }).rows)[0]!.id as number;
});
afterAll(() => ctx.close());

/** The ledger of one place: receipts (of the place's shipments, some corrected), moves, removals. */
function ledgerOf(place: Place, random: Random, shipmentIds: number[]): (typeof inventoryMovements.$inferInsert)[] {
  const rows: (typeof inventoryMovements.$inferInsert)[] = [];
  const balance = new Map(place.locations.map((id) => [id, 0]));
  const unreceived = [...shipmentIds];
  const received: number[] = [];
  const instants = Array.from({ length: random.int(5, 25) }, () => random.instant()).sort(
    (x, y) => x.getTime() - y.getTime(),
  );
  for (const at of instants) {
    const row = (
      type: string,
      locationId: number,
      onHand: number,
      located: number,
      reference: { type: string; id: number } | null,
    ) =>
      rows.push({
        inventoryId: place.inventory,
        productId: place.product,
        warehouseId: place.warehouse,
        accountId: place.account,
        type,
        onHandDelta: onHand,
        reservedDelta: 0,
        onHandAfter: 0,
        reservedAfter: 0,
        locationId,
        locationDelta: located,
        referenceType: reference?.type ?? null,
        referenceId: reference?.id ?? null,
        createdAt: at,
      });
    const [from, to] = [random.pick(place.locations), random.pick(place.locations)];
    const held = balance.get(from)!;
    const kind = random.next();
    if (kind < 0.45 || held === 0) {
      const units = random.int(1, 40);
      // A shipment is received once per inventory (the ledger's once-per-reference rule); later receipts have none.
      const shipment = unreceived.shift();
      if (shipment !== undefined) received.push(shipment);
      row('receipt', to, units, units, shipment === undefined ? null : { type: 'shipment', id: shipment });
      balance.set(to, balance.get(to)! + units);
    } else if (kind < 0.55) {
      // A receipt corrected down (a (shipment, day) whose units sum to 0 or less bills nothing).
      const units = random.int(1, held);
      const shipment = received.shift();
      row(
        'receipt',
        from,
        -units,
        -units,
        shipment === undefined ? null : { type: 'shipment_correction', id: shipment },
      );
      balance.set(from, held - units);
    } else if (kind < 0.85 && from !== to) {
      // A move: out of one location, into another, on hand unchanged; sometimes every unit of the bin.
      const units = random.next() < 0.3 ? held : random.int(1, held);
      row('move', from, 0, -units, null);
      row('move', to, 0, units, null);
      balance.set(from, held - units);
      balance.set(to, balance.get(to)! + units);
    } else {
      const units = random.next() < 0.3 ? held : random.int(1, held);
      row('adjustment', from, -units, -units, null);
      balance.set(from, held - units);
    }
  }
  return rows;
}

/** A fresh generated history for both accounts: zones, shipments, ledger, orders, labels, merge items, manual charges. */
async function generateHistory(seed: number): Promise<void> {
  const random = generator(seed);
  const db = ctx.handle.db;
  for (const warehouse of new Set(places.map((p) => p.warehouse))) {
    await db
      .update(warehouses)
      .set({ timezone: random.pick(ZONES) })
      .where(eq(warehouses.id, warehouse));
  }
  await db.delete(inventoryMovements).where(inArray(inventoryMovements.accountId, accounts));
  await db.delete(orders).where(inArray(orders.accountId, accounts));
  await db.delete(mergeItems).where(like(mergeItems.title, 'PROP %'));
  await db.delete(shipments).where(inArray(shipments.accountId, accounts));
  await db.delete(manualCharges).where(inArray(manualCharges.accountId, accounts));

  const movements: (typeof inventoryMovements.$inferInsert)[] = [];
  for (const place of places) {
    const shipmentIds: number[] = [];
    for (let i = random.int(2, 8); i > 0; i--) {
      const status = random.pick(['verified', 'verified', 'pending', 'rejected'] as const);
      const [shipment] = await db
        .insert(shipments)
        .values({
          accountId: place.account,
          warehouseId: place.warehouse,
          productId: place.product,
          quantity: random.int(1, 50),
          status,
          // A rejected shipment carries when it was rejected: never a billed verification.
          verifiedAt: status === 'pending' ? null : random.instant(),
          trackingNumber: random.next() < 0.5 ? null : `TRK-${seed}-${i}`,
        })
        .returning({ id: shipments.id });
      shipmentIds.push(shipment!.id);
    }
    movements.push(...ledgerOf(place, random, shipmentIds));

    const orderIds: number[] = [];
    for (let i = random.int(3, 12); i > 0; i--) {
      const lifecycle = random.pick(['shipped', 'shipped', 'shipped', 'open', 'cancelled'] as const);
      const lines = Array.from({ length: random.int(1, 4) }, () => random.int(1, 6));
      // Counts recorded when it shipped, or (rows written by a script) none: billing then reads the lines.
      const recorded = lifecycle === 'shipped' && random.next() < 0.5;
      const [order] = await db
        .insert(orders)
        .values({
          orderNumber: `PROP-${seed}-${place.inventory}-${i}`,
          externalOrderId: `PROP-${seed}-${place.inventory}-${i}`,
          accountId: place.account,
          warehouseId: place.warehouse,
          statusId,
          lifecycle,
          customerName: 'Property',
          shippedAt: lifecycle === 'shipped' ? random.instant() : null,
          shippedLines: recorded ? lines.length : null,
          shippedUnits: recorded ? lines.reduce((a, b) => a + b, 0) : null,
        })
        .returning({ id: orders.id });
      orderIds.push(order!.id);
      await db.insert(orderItems).values(
        lines.map((quantity) => ({
          orderId: order!.id,
          productId: place.product,
          quantity,
          quantityShipped: lifecycle === 'shipped' ? quantity : 0,
        })),
      );
      for (let l = random.int(0, 2); l > 0; l--) {
        await db.insert(shipmentLabels).values({
          orderId: order!.id,
          fileId: labelFile,
          labelName: `label-${l}.pdf`,
          createdAt: random.instant(),
        });
      }
    }
    // Merge items of the place's orders (one account's orders each), and one without any order (billed to nobody).
    for (let m = random.int(1, 3); m > 0; m--) {
      const [item] = await db
        .insert(mergeItems)
        .values({ title: `PROP ${seed} ${m}`, warehouseId: place.warehouse, createdAt: random.instant() })
        .returning({ id: mergeItems.id });
      if (m === 1 && random.next() < 0.3) continue;
      const members = orderIds.filter(() => random.next() < 0.4).slice(0, 3);
      if (members.length > 0) await db.update(orders).set({ mergeItemId: item!.id }).where(inArray(orders.id, members));
    }
    for (let c = random.int(0, 3); c > 0; c--) {
      const day = new Date(HISTORY_START + random.int(0, 44) * 86_400_000).toISOString().slice(0, 10);
      await db.insert(manualCharges).values({
        accountId: place.account,
        chargeDate: day,
        description: `Extra work ${c}`,
        quantity: random.int(1, 5),
        rateMicros: random.int(0, 9_000_000),
      });
    }
  }
  if (movements.length > 0) await db.insert(inventoryMovements).values(movements);
  // The dashboard counts backwards from today's stock: it must equal the ledger's sums (as the flows keep it).
  await db.execute(sql`update inventories i set quantity_on_hand = coalesce((select sum(m.on_hand_delta)
    from inventory_movements m where m.inventory_id = i.id), 0), quantity_reserved = 0
    where i.account_id in ${accounts}`);
  await db.execute(sql`delete from location_stock where inventory_id in
    (select id from inventories where account_id in ${accounts})`);
  await db.execute(sql`insert into location_stock (inventory_id, location_id, quantity)
    select m.inventory_id, m.location_id, sum(m.location_delta) from inventory_movements m
    where m.account_id in ${accounts} group by 1, 2 having sum(m.location_delta) <> 0`);
}

const perDay = (facts: { chargeType: string; date: string; quantity: number }[]) => {
  const sums = new Map<string, number>();
  for (const f of facts)
    sums.set(`${f.chargeType} ${f.date}`, (sums.get(`${f.chargeType} ${f.date}`) ?? 0) + f.quantity);
  return Object.fromEntries([...sums].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
};

/** Every charge type some seed's period derives (the generator must reach every kind, or the test proves less). */
const seen = new Set<string>();

describe('billable facts, per account and for every account at once', () => {
  it.each(SEEDS)('sum to the same figures per account, kind and day over generated history %i', async (seed) => {
    await generateHistory(seed);
    const random = generator(seed * 7919);
    // A period starting mid-month (or on the 1st), over the DST changes.
    const from = `2026-03-${String(random.int(1, 20)).padStart(2, '0')}`;
    const to = random.next() < 0.5 ? '2026-03-31' : `2026-04-0${random.int(1, 9)}`;
    const db = ctx.handle.db;
    const all = await dailyFactsOfAccounts(db, { accountScope: undefined, from, to });
    const allManual = await manualChargesOfAccounts(db, { accountScope: undefined, from, to });
    for (const accountId of accounts) {
      const one = await chargeFacts(db, { accountId, from, to });
      for (const fact of one) seen.add(fact.chargeType);
      const context = `seed ${seed}, account ${accountId}, ${from}..${to}`;
      expect(
        one.some((f) => f.chargeType === 'storage_unit_day'),
        context,
      ).toBe(true);
      expect(perDay(all.filter((f) => f.accountId === accountId)), context).toEqual(perDay(one));
      const manual = await manualChargeFacts(db, { accountId, from, to });
      expect(
        allManual.filter((c) => c.accountId === accountId).map(({ accountId: _, ...charge }) => charge),
        context,
      ).toEqual(manual);
    }
  });

  it('the generated histories reach every derived charge type', () => {
    // Every charge type but the monthly minimum (priced, not derived) and locations of types the generator leaves out.
    const generatedLocationTypes = ['storage', 'pick', 'quarantine'].map((type) => `storage_location_day_${type}`);
    const derived = CHARGE_TYPES.filter(
      (type) =>
        type !== 'monthly_minimum' &&
        (!type.startsWith('storage_location_day_') || generatedLocationTypes.includes(type)),
    );
    expect([...seen].sort()).toEqual([...derived].sort());
  });
});
