import { randomUUID } from 'node:crypto';
import { addDays, type BillingPreview, MANUAL_CHARGE_TYPE } from '@wms/contract/billing';
import type { BillingDashboard } from '@wms/contract/billing-dashboard';
import { lineAmountCents } from '@wms/contract/money';
import { CHARGE_TYPES, type ChargeType, type Rates } from '@wms/contract/rate-cards';
import { eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWarehouses } from '../src/db/schema/accounts';
import { manualCharges } from '../src/db/schema/billing';
import { files } from '../src/db/schema/files';
import { inventoryMovements } from '../src/db/schema/inventory';
import { mergeItems, orderItems, orders, shipmentLabels } from '../src/db/schema/orders';
import { rateCards, rateCardVersions } from '../src/db/schema/rate-cards';
import { returnLines, returns } from '../src/db/schema/returns';
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
 * the period (New York 8 March, London 29 March, Auckland and Lord Howe's half-hour shift 5 April 2026, Havana's
 * spring-forward at midnight 8 March — a day that starts at 01:00 —, Santiago's fall-back at midnight 5 April — a
 * 25-hour 4 April) or with half-hour offsets; receipts (and receipt corrections), moves between locations
 * (quarantine included, a location both accounts keep stock in, two products of one account in the same bins),
 * removals, rows at local midnights; verified, pending and rejected shipments; shipped, open
 * and cancelled orders with or without their recorded counts; labels; merge items (one without orders); manual
 * charges — and periods starting mid-month:
 * - every billable fact kind sums to the same figure per account, kind and day both ways, and to the figure worked
 *   out by hand from the generated events (the strongest oracle: the two readers share their rules, so only a
 *   computation outside the SQL can show a rule itself is wrong);
 * - priced with generated rate cards (every charge type, some off, a default and an account card each changing
 *   mid-month), the dashboard's unbilled amount of every account and charge type equals the running charges the
 *   preview derives for it and a draft invoice of the same days, and they equal the amounts priced by hand (monthly
 *   minimum included when the clock is on a month's last day); the whole month's preview (derived charges until
 *   today, manual charges and the minimum for the month) equals its hand pricing too.
 * A seeded generator (no fast-check in the repository): a failure names its seed.
 */
let ctx: TestContext;
let accounts: number[];
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Pacific/Auckland',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Havana',
  'America/Santiago',
];
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
/** The generated history's first instant; it runs 45 days on, over the periods the test asks for. */
const HISTORY_START = Date.parse('2026-02-20T00:00:00Z');
const HISTORY_HOURS = 45 * 24;
let labelFile: string;
let statusId: number;
/** The billing clock of the app (the running charges' and the dashboard's current month), set per history. */
let now = new Date(HISTORY_START);
/** The default card and the first account's own card, whose versions each history replaces. */
let defaultCard: number;
let ownCard: number;

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
type Place = {
  account: number;
  warehouse: number;
  inventory: number;
  product: number;
  locations: number[];
};
let places: Place[];
/** Every generated location's type, as its charge type names it. */
const locationTypes = new Map<number, string>();

/** What a generated history holds, as the hand computation reads it (the database's rows, in memory). */
interface History {
  zones: Map<number, string>;
  movements: (typeof inventoryMovements.$inferInsert)[];
  shipments: { account: number; warehouse: number; status: string; verifiedAt: Date | null }[];
  orders: Map<number, { account: number; warehouse: number; shippedAt: Date | null; lines: number[] }>;
  labels: { order: number; createdAt: Date }[];
  mergeItems: Map<number, { warehouse: number; createdAt: Date }>;
  /** Each order's merge item (the last one it was put in). */
  mergedInto: Map<number, number>;
  manual: { account: number; date: string; quantity: number; rateMicros: number }[];
  cards: { default: Version[]; own: Version[] };
}
type Version = { effective_from: string; rates: Rates };

async function location(warehouse: number, code: string, type: string): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouse}/locations`,
    payload: { code, zone: 'P', type },
  });
  expect(res.statusCode, res.body).toBe(201);
  locationTypes.set(res.json().location.id, type);
  return res.json().location.id;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { billingClock: () => now });
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
  // A pick location per warehouse both accounts keep stock in (each is billed for it).
  const shared = new Map<number, number>();
  for (const warehouse of [alpha, beta])
    shared.set(warehouse, await location(warehouse, `PROP-W${warehouse}-SH`, 'pick'));
  let n = 0;
  for (const account of accounts) {
    for (const warehouse of [alpha, beta]) {
      n += 1;
      const locations = [
        await location(warehouse, `PROP-${n}-S`, 'storage'),
        await location(warehouse, `PROP-${n}-K`, 'pick'),
        await location(warehouse, `PROP-${n}-Q`, 'quarantine'),
        shared.get(warehouse)!,
      ];
      // Cleo's account keeps two products in Alpha, in the same locations: its balances there are their sums.
      for (let products = account === accounts[0] && warehouse === alpha ? 2 : 1; products > 0; products--) {
        const product = await createProduct(ctx, account);
        const inventory = await createInventory(ctx, {
          productId: product.id,
          warehouseId: warehouse,
          accountId: account,
          onHand: 0,
        });
        places.push({ account, warehouse, inventory: inventory.id, product: product.id, locations });
      }
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
  await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' }); // makes sure the default card exists
  const [card] = await ctx.handle.db.select().from(rateCards).where(isNull(rateCards.accountId));
  defaultCard = card!.id;
  const [own] = await ctx.handle.db.insert(rateCards).values({ accountId: accounts[0]! }).returning();
  ownCard = own!.id;
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

/**
 * Returns (RMA) of one place, one line each, as receiving and inspection write them: the units back arrive at one
 * instant (one receipt), some restocked into the storage location, some into quarantine, or none entering stock
 * (not restocked / missing: nothing billed); later releases of quarantined units restock them (`move` rows naming the
 * line) or dispose of them (`return` rows, units out), at their own instants, sometimes on the arrival's day.
 */
async function returnsOf(place: Place, random: Random, seed: number) {
  const rows: (typeof inventoryMovements.$inferInsert)[] = [];
  const [storage, , quarantine] = place.locations as [number, number, number, number];
  for (let i = random.int(0, 3); i > 0; i--) {
    const [ret] = await ctx.handle.db
      .insert(returns)
      .values({
        rmaNumber: `RMA-P${seed}-${place.inventory}-${i}`,
        accountId: place.account,
        warehouseId: place.warehouse,
        status: 'received',
      })
      .returning({ id: returns.id });
    const restocked = random.next() < 0.25 ? 0 : random.int(0, 4);
    const held = random.next() < 0.25 ? 0 : random.int(0, 4);
    const [line] = await ctx.handle.db
      .insert(returnLines)
      .values({ returnId: ret!.id, productId: place.product, quantity: restocked + held + 1, reason: 'damaged' })
      .returning({ id: returnLines.id });
    const row = (type: string, at: Date, locationId: number, onHand: number, located: number) =>
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
        referenceType: 'return_line',
        referenceId: line!.id,
        createdAt: at,
      });
    const arrived = random.instant();
    if (restocked > 0) row('return', arrived, storage, restocked, restocked);
    if (held > 0) row('return', arrived, quarantine, held, held);
    let left = held;
    while (left > 0 && random.next() < 0.7) {
      const units = random.int(1, left);
      // Sometimes the same instant as the arrival (its day), else up to a week later.
      const at = new Date(arrived.getTime() + (random.next() < 0.2 ? 0 : random.int(1, 7 * 24) * 3_600_000));
      if (random.next() < 0.5) {
        row('move', at, quarantine, 0, -units);
        row('move', at, storage, 0, units);
      } else {
        row('return', at, quarantine, -units, -units);
      }
      left -= units;
    }
  }
  return rows;
}

/** A rate for each of `types` (4 decimals, at most 3 a unit), one in ten off. */
function ratesFor(random: Random, types: readonly ChargeType[]): Rates {
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        // The minimum up to 20 000: above a month's charges often enough that it tops some up.
        rate_micros: type === 'monthly_minimum' ? random.int(0, 2_000_000) * 10_000 : random.int(0, 30_000) * 100,
        enabled: random.next() >= 0.1,
      },
    ]),
  ) as Rates;
}

/**
 * Rate cards: the default card sets every type from before the history and changes some on a day of March; the
 * first account's card overrides some types from February and others from a later day of March (a blank type there:
 * the default's rate).
 */
function cardsOf(random: Random): History['cards'] {
  const some = () => CHARGE_TYPES.filter(() => random.next() < 0.4);
  const march = () => `2026-03-${String(random.int(2, 28)).padStart(2, '0')}`;
  return {
    default: [
      { effective_from: '2026-01-01', rates: ratesFor(random, CHARGE_TYPES) },
      { effective_from: march(), rates: ratesFor(random, CHARGE_TYPES) },
    ],
    own: [
      { effective_from: '2026-02-01', rates: ratesFor(random, some()) },
      { effective_from: march(), rates: ratesFor(random, some()) },
    ],
  };
}

/** A fresh generated history for both accounts: zones, shipments, ledger, orders, labels, merge items, manual charges. */
async function generateHistory(seed: number): Promise<History> {
  const random = generator(seed);
  const db = ctx.handle.db;
  const history: History = {
    zones: new Map(),
    movements: [],
    shipments: [],
    orders: new Map(),
    labels: [],
    mergeItems: new Map(),
    mergedInto: new Map(),
    manual: [],
    cards: cardsOf(random),
  };
  for (const [i, warehouse] of [...new Set(places.map((p) => p.warehouse))].entries()) {
    // The first warehouse takes each zone in turn (so the seeds cover every zone), the second any.
    const timezone = i === 0 ? ZONES[(seed - 1) % ZONES.length]! : random.pick(ZONES);
    history.zones.set(warehouse, timezone);
    await db.update(warehouses).set({ timezone }).where(eq(warehouses.id, warehouse));
  }
  await db.delete(rateCardVersions).where(inArray(rateCardVersions.rateCardId, [defaultCard, ownCard]));
  await db.insert(rateCardVersions).values([
    ...history.cards.default.map((v) => ({
      rateCardId: defaultCard,
      effectiveFrom: v.effective_from,
      rates: v.rates,
    })),
    ...history.cards.own.map((v) => ({ rateCardId: ownCard, effectiveFrom: v.effective_from, rates: v.rates })),
  ]);
  await db.delete(inventoryMovements).where(inArray(inventoryMovements.accountId, accounts));
  await db.delete(returns).where(inArray(returns.accountId, accounts));
  await db.delete(orders).where(inArray(orders.accountId, accounts));
  await db.delete(mergeItems).where(like(mergeItems.title, 'PROP %'));
  await db.delete(shipments).where(inArray(shipments.accountId, accounts));
  await db.delete(manualCharges).where(inArray(manualCharges.accountId, accounts));

  const movements = history.movements;
  for (const place of places) {
    const shipmentIds: number[] = [];
    for (let i = random.int(2, 8); i > 0; i--) {
      const status = random.pick(['verified', 'verified', 'pending', 'rejected'] as const);
      // A rejected shipment carries when it was rejected: never a billed verification.
      const verifiedAt = status === 'pending' ? null : random.instant();
      const [shipment] = await db
        .insert(shipments)
        .values({
          accountId: place.account,
          warehouseId: place.warehouse,
          productId: place.product,
          quantity: random.int(1, 50),
          status,
          verifiedAt,
          trackingNumber: random.next() < 0.5 ? null : `TRK-${seed}-${i}`,
        })
        .returning({ id: shipments.id });
      shipmentIds.push(shipment!.id);
      history.shipments.push({ account: place.account, warehouse: place.warehouse, status, verifiedAt });
    }
    movements.push(...ledgerOf(place, random, shipmentIds));
    movements.push(...(await returnsOf(place, random, seed)));

    const orderIds: number[] = [];
    for (let i = random.int(3, 12); i > 0; i--) {
      const lifecycle = random.pick(['shipped', 'shipped', 'shipped', 'open', 'cancelled'] as const);
      const lines = Array.from({ length: random.int(1, 4) }, () => random.int(1, 6));
      // Counts recorded when it shipped, or (rows written by a script) none: billing then reads the lines.
      const recorded = lifecycle === 'shipped' && random.next() < 0.5;
      const shippedAt = lifecycle === 'shipped' ? random.instant() : null;
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
          shippedAt,
          shippedLines: recorded ? lines.length : null,
          shippedUnits: recorded ? lines.reduce((a, b) => a + b, 0) : null,
        })
        .returning({ id: orders.id });
      orderIds.push(order!.id);
      history.orders.set(order!.id, { account: place.account, warehouse: place.warehouse, shippedAt, lines });
      await db.insert(orderItems).values(
        lines.map((quantity) => ({
          orderId: order!.id,
          productId: place.product,
          quantity,
          quantityShipped: lifecycle === 'shipped' ? quantity : 0,
        })),
      );
      for (let l = random.int(0, 2); l > 0; l--) {
        const createdAt = random.instant();
        await db.insert(shipmentLabels).values({
          orderId: order!.id,
          fileId: labelFile,
          labelName: `label-${l}.pdf`,
          createdAt,
        });
        history.labels.push({ order: order!.id, createdAt });
      }
    }
    // Merge items of the place's orders (one account's orders each), and one without any order (billed to nobody).
    for (let m = random.int(1, 3); m > 0; m--) {
      const createdAt = random.instant();
      const [item] = await db
        .insert(mergeItems)
        .values({ title: `PROP ${seed} ${m}`, warehouseId: place.warehouse, createdAt })
        .returning({ id: mergeItems.id });
      history.mergeItems.set(item!.id, { warehouse: place.warehouse, createdAt });
      if (m === 1 && random.next() < 0.3) continue;
      const members = orderIds.filter(() => random.next() < 0.4).slice(0, 3);
      if (members.length > 0) await db.update(orders).set({ mergeItemId: item!.id }).where(inArray(orders.id, members));
      for (const member of members) history.mergedInto.set(member, item!.id);
    }
    for (let c = random.int(0, 3); c > 0; c--) {
      const day = new Date(HISTORY_START + random.int(0, 44) * 86_400_000).toISOString().slice(0, 10);
      const charge = { quantity: random.int(1, 5), rateMicros: random.int(0, 9_000_000) };
      await db.insert(manualCharges).values({
        accountId: place.account,
        chargeDate: day,
        description: `Extra work ${c}`,
        ...charge,
      });
      history.manual.push({ account: place.account, date: day, ...charge });
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
  return history;
}

// ---- The hand computation: the documented rules (docs/billing.md) applied to the generated events in memory. ----

const formats = new Map<string, Intl.DateTimeFormat>();
/** The billing day of an instant: its calendar date in the zone (en-CA writes YYYY-MM-DD). */
function dayIn(zone: string, at: Date): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(zone, format);
  }
  return format.format(at);
}

function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

type Fact = { chargeType: string; date: string; quantity: number };

/** Every derived fact of `account` in [from, to], one by one, by the rules as the documentation states them. */
function factsByHand(history: History, account: number, from: string, to: string): Fact[] {
  const facts: Fact[] = [];
  const inPeriod = (day: string) => day >= from && day <= to;
  const add = (chargeType: string, date: string, quantity: number) => {
    if (inPeriod(date) && quantity > 0) facts.push({ chargeType, date, quantity });
  };
  const zoneOf = (warehouse: number) => history.zones.get(warehouse)!;

  for (const s of history.shipments) {
    if (s.account === account && s.status === 'verified' && s.verifiedAt)
      add('receiving_shipment', dayIn(zoneOf(s.warehouse), s.verifiedAt), 1);
  }
  // Units received: receipt rows per (shipment reference, day); a pair whose units come to 0 or less bills nothing.
  const own = history.movements
    .filter((m) => m.accountId === account)
    .map((m) => ({ ...m, day: dayIn(zoneOf(m.warehouseId), m.createdAt as Date) }));
  const received = new Map<string, { day: string; units: number }>();
  for (const m of own.filter((row) => row.type === 'receipt')) {
    const key = `${m.referenceId ?? 'none'} ${m.day}`;
    const pair = received.get(key) ?? { day: m.day, units: 0 };
    pair.units += m.onHandDelta;
    received.set(key, pair);
  }
  for (const { day, units } of received.values()) add('receiving_unit', day, units);

  // Storage: each warehouse's on-hand balance at the end of each day (every row of that local day or before).
  // Occupied locations: each location whose balance at the end of the day is above 0, by its type.
  const days = daysFrom(from, to);
  for (const warehouse of new Set(own.map((m) => m.warehouseId))) {
    const rows = own.filter((m) => m.warehouseId === warehouse);
    for (const day of days)
      add(
        'storage_unit_day',
        day,
        rows.filter((m) => m.day <= day).reduce((sum, m) => sum + m.onHandDelta, 0),
      );
  }
  for (const location of new Set(own.map((m) => m.locationId))) {
    const rows = own.filter((m) => m.locationId === location);
    for (const day of days) {
      const held = rows.filter((m) => m.day <= day).reduce((sum, m) => sum + (m.locationDelta ?? 0), 0);
      add(`storage_location_day_${locationTypes.get(location!)}`, day, held > 0 ? 1 : 0);
    }
  }

  for (const order of history.orders.values()) {
    if (order.account !== account || !order.shippedAt) continue;
    const day = dayIn(zoneOf(order.warehouse), order.shippedAt);
    add('fulfilment_order', day, 1);
    add('fulfilment_extra_line', day, order.lines.length - 1);
    add('fulfilment_extra_unit', day, order.lines.reduce((a, b) => a + b, 0) - 1);
  }
  // Returns: one received per return line with units in (one line a return), on its first arrival's day — its
  // first unit and each extra priced apart; inspected units per day (moves naming the line in, disposals out).
  const arrivals = new Map<number, { at: Date; day: string; units: number }>();
  for (const m of own.filter((row) => row.referenceType === 'return_line')) {
    if (m.type === 'return' && m.onHandDelta > 0) {
      const seen = arrivals.get(m.referenceId!);
      const at = m.createdAt as Date;
      if (!seen || at < seen.at)
        arrivals.set(m.referenceId!, { at, day: m.day, units: (seen?.units ?? 0) + m.onHandDelta });
      else seen.units += m.onHandDelta;
    } else if (m.type === 'move' && (m.locationDelta ?? 0) > 0) {
      add('return_unit_inspected', m.day, m.locationDelta!);
    } else if (m.type === 'return' && m.onHandDelta < 0) {
      add('return_unit_inspected', m.day, -m.onHandDelta);
    }
  }
  for (const { day, units } of arrivals.values()) {
    add('return_received', day, 1);
    add('return_first_unit', day, 1);
    add('return_extra_unit', day, units - 1);
  }
  for (const label of history.labels) {
    const order = history.orders.get(label.order)!;
    if (order.account === account) add('label_upload', dayIn(zoneOf(order.warehouse), label.createdAt), 1);
  }
  // A merge item is billed once to each account whose orders it holds, on the day it was made in its warehouse.
  for (const [id, item] of history.mergeItems) {
    const holds = [...history.mergedInto].some(
      ([order, into]) => into === id && history.orders.get(order)!.account === account,
    );
    if (holds) add('merge_item', dayIn(zoneOf(item.warehouse), item.createdAt), 1);
  }
  return facts;
}

/** The rate of a type on a day: the account card's version in force when it sets the type, else the default's. */
function rateByHand(history: History, account: number, type: ChargeType, day: string) {
  const inForce = (versions: Version[]) =>
    versions
      .filter((v) => v.effective_from <= day)
      .sort((a, b) => a.effective_from.localeCompare(b.effective_from))
      .at(-1);
  const own = account === accounts[0] ? inForce(history.cards.own)?.rates[type] : undefined;
  if (own) return { source: 'account', ...own };
  const fallback = inForce(history.cards.default)?.rates[type];
  return fallback ? { source: 'default', ...fallback } : undefined;
}

/**
 * The amount per charge type of an account's period priced by hand: facts of one type, month and rate make one line
 * (Σ quantity × rate, rounded half up once); manual charges a line each; every whole month charged less than its
 * minimum (in force on its first day) topped up. Derived facts count up to `derivedUntil` (today, for a period
 * running past it); manual charges and the minimum cover the whole period.
 */
function amountsByHand(
  history: History,
  account: number,
  from: string,
  to: string,
  derivedUntil = to,
): Record<string, number> {
  const lines = new Map<string, { type: string; month: string; quantity: number; rate: number }>();
  for (const fact of factsByHand(history, account, from, derivedUntil)) {
    const rate = rateByHand(history, account, fact.chargeType as ChargeType, fact.date);
    if (!rate?.enabled) continue;
    const month = fact.date.slice(0, 7);
    const key = [fact.chargeType, month, rate.source, rate.rate_micros].join(' ');
    const line = lines.get(key) ?? { type: fact.chargeType, month, quantity: 0, rate: rate.rate_micros };
    line.quantity += fact.quantity;
    lines.set(key, line);
  }
  const priced = [...lines.values()].map((line) => ({
    type: line.type,
    month: line.month,
    cents: lineAmountCents(line.quantity, line.rate),
  }));
  for (const charge of history.manual) {
    if (charge.account === account && charge.date >= from && charge.date <= to)
      priced.push({
        type: MANUAL_CHARGE_TYPE,
        month: charge.date.slice(0, 7),
        cents: lineAmountCents(charge.quantity, charge.rateMicros),
      });
  }
  for (let first = `${from.slice(0, 7)}-01`; first <= to; first = `${addDays(first, 31).slice(0, 7)}-01`) {
    const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
    if (first < from || last > to) continue;
    const minimum = rateByHand(history, account, 'monthly_minimum', first);
    if (!minimum?.enabled) continue;
    const month = first.slice(0, 7);
    const charged = priced.filter((p) => p.month === month).reduce((sum, p) => sum + p.cents, 0);
    const floor = lineAmountCents(1, minimum.rate_micros);
    if (charged < floor) priced.push({ type: 'monthly_minimum', month, cents: floor - charged });
  }
  const byType: Record<string, number> = {};
  for (const p of priced) byType[p.type] = (byType[p.type] ?? 0) + p.cents;
  return Object.fromEntries(
    Object.entries(byType)
      .filter(([, cents]) => cents !== 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const perDay = (facts: { chargeType: string; date: string; quantity: number }[]) => {
  const sums = new Map<string, number>();
  for (const f of facts)
    sums.set(`${f.chargeType} ${f.date}`, (sums.get(`${f.chargeType} ${f.date}`) ?? 0) + f.quantity);
  return Object.fromEntries([...sums].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
};

/** A preview's (or running charges') amount per charge type, as amountsByHand writes it. */
const perType = (groups: { charge_type: string; total_cents: number }[]) =>
  Object.fromEntries(
    groups
      .filter((g) => g.total_cents !== 0)
      .map((g) => [g.charge_type, g.total_cents] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Every charge type some seed's period derives (the generator must reach every kind, or the test proves less). */
const seen = new Set<string>();
/** Whether some history's clock made a whole month whose minimum tops an account up (the rule is then exercised). */
let toppedUp = false;

describe.each(SEEDS)('generated history %i', (seed) => {
  let history: History;
  // One history for both properties (writing it is most of their time).
  beforeAll(async () => {
    history = await generateHistory(seed);
  });

  it('billable facts sum to the same figures per account, kind and day both ways and by hand', async () => {
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
      const context = `seed ${seed}, account ${accountId}, ${from}..${to}, zones ${[...history.zones.values()]}`;
      expect(
        one.some((f) => f.chargeType === 'storage_unit_day'),
        context,
      ).toBe(true);
      expect(perDay(one), `${context}: the preview's facts against the hand computation`).toEqual(
        perDay(factsByHand(history, accountId, from, to)),
      );
      expect(perDay(all.filter((f) => f.accountId === accountId)), context).toEqual(perDay(one));
      const manual = await manualChargeFacts(db, { accountId, from, to });
      expect(
        allManual.filter((c) => c.accountId === accountId).map(({ accountId: _, ...charge }) => charge),
        context,
      ).toEqual(manual);
    }
  });

  it('every account and charge type prices to the same amount on the dashboard, in the running charges and by hand', async () => {
    const random = generator(seed * 104_729);
    // The clock: any instant of March or early April, or (one in three) near the end of 31 March in UTC, when the
    // month is whole in some zones (its minimum applies) and already over in others.
    now =
      random.next() < 1 / 3
        ? new Date(Date.parse('2026-03-31T00:00:00Z') + random.int(0, 23 * 60) * 60_000)
        : new Date(Date.parse('2026-03-01T00:00:00Z') + random.int(0, 36 * 24 * 60) * 60_000);
    const dashboard = await ctx.as('admin', { method: 'GET', url: '/api/billing/dashboard' });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const unbilled = (dashboard.json().dashboard as BillingDashboard).unbilled;

    // Every account's running charges (the preview of its current month to date), against its dashboard figure.
    const everyAccount = (await ctx.handle.db.execute(sql`select id from accounts order by id`)) as unknown;
    const ids = (Array.isArray(everyAccount) ? everyAccount : (everyAccount as { rows: { id: number }[] }).rows).map(
      (row: { id: number }) => row.id,
    );
    const byType: Record<string, number> = {};
    for (const accountId of ids) {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/billing/running-charges?account_id=${accountId}` });
      expect(res.statusCode, res.body).toBe(200);
      const running: BillingPreview = res.json().preview;
      const context = `seed ${seed}, account ${accountId}, now ${now.toISOString()}, ${running.from}..${running.to}`;
      expect(unbilled.by_account.find((a) => a.account_id === accountId)?.total_cents ?? 0, context).toBe(
        running.total_cents,
      );
      for (const group of running.groups)
        byType[group.charge_type] = (byType[group.charge_type] ?? 0) + group.total_cents;
      if (!accounts.includes(accountId)) continue;
      // The account's current month to date: from the 1st to the latest local date of its warehouses.
      const zones = places.filter((p) => p.account === accountId).map((p) => history.zones.get(p.warehouse)!);
      const today = zones.map((zone) => dayIn(zone, now)).reduce((a, b) => (a > b ? a : b));
      const from = `${today.slice(0, 7)}-01`;
      expect([running.from, running.to], context).toEqual([from, today]);
      if (running.groups.some((g) => g.charge_type === 'monthly_minimum')) toppedUp = true;
      expect(perType(running.groups), `${context}: the running charges against the hand computation`).toEqual(
        amountsByHand(history, accountId, from, today),
      );
      // The invoice side: a draft of the same days (drafts derive up to the real today, long after these days) holds
      // the same amounts.
      const draft = await ctx.as('admin', {
        method: 'POST',
        url: '/api/invoices',
        payload: { account_id: accountId, from, to: today },
      });
      expect(draft.statusCode, draft.body).toBe(201);
      expect(perType(draft.json().invoice.groups), `${context}: the draft against the running charges`).toEqual(
        perType(running.groups),
      );
      // The whole month's preview: derived charges stop at today, manual ones and the minimum cover the month.
      const monthEnd = addDays(`${addDays(from, 31).slice(0, 7)}-01`, -1);
      const whole = await ctx.as('admin', {
        method: 'GET',
        url: `/api/billing/preview?account_id=${accountId}&from=${from}&to=${monthEnd}`,
      });
      expect(whole.statusCode, whole.body).toBe(200);
      const preview: BillingPreview = whole.json().preview;
      expect(preview.derived_until, context).toBe(today);
      expect(perType(preview.groups), `${context}: the month's preview against the hand computation`).toEqual(
        amountsByHand(history, accountId, from, monthEnd, today),
      );
      // A period across months, from February's first day (two whole months: a minimum each, lines split by month)
      // or mid-March, to a day of April: derived until today, or not at all when it starts later.
      const [spanFrom, spanTo] = [
        random.next() < 0.5 ? '2026-02-01' : `2026-03-${String(random.int(1, 20)).padStart(2, '0')}`,
        `2026-04-0${random.int(1, 9)}`,
      ];
      const span = await ctx.as('admin', {
        method: 'GET',
        url: `/api/billing/preview?account_id=${accountId}&from=${spanFrom}&to=${spanTo}`,
      });
      expect(span.statusCode, span.body).toBe(200);
      const spanned: BillingPreview = span.json().preview;
      const until = spanTo < today ? spanTo : today;
      expect(spanned.derived_until, context).toBe(until);
      expect(perType(spanned.groups), `${context}: ${spanFrom}..${spanTo} against the hand computation`).toEqual(
        amountsByHand(history, accountId, spanFrom, spanTo, until),
      );
    }
    expect(perType(unbilled.by_charge_type), `seed ${seed}, now ${now.toISOString()}`).toEqual(
      perType(Object.entries(byType).map(([charge_type, total_cents]) => ({ charge_type, total_cents }))),
    );
  });
});

describe('the generated histories', () => {
  it('reach every derived charge type, and a monthly minimum', () => {
    // Every charge type but the monthly minimum (priced, not derived) and locations of types the generator leaves out.
    const generatedLocationTypes = ['storage', 'pick', 'quarantine'].map((type) => `storage_location_day_${type}`);
    // Kits (work orders, bundles on orders) are not generated: kit-work-orders-billing.test.ts proves them to the cent.
    const kitTypes: readonly string[] = ['kit_assembly', 'kit_disassembly', 'bundle_shipped'];
    const derived = CHARGE_TYPES.filter(
      (type) =>
        type !== 'monthly_minimum' &&
        !kitTypes.includes(type) &&
        (!type.startsWith('storage_location_day_') || generatedLocationTypes.includes(type)),
    );
    expect([...seen].sort()).toEqual([...derived].sort());
    expect(toppedUp, 'some clock reaches a whole month whose minimum tops an account up').toBe(true);
  });
});
