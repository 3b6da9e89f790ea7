/**
 * Pack-and-ship of a 20-line order at the packing station: the demo data, then ROUNDS orders of LINES products
 * (one unit each, stocked in the warehouse's UNASSIGNED location), each packed by the demo manager through the
 * packing services — start, one scan per unit into a carton, close (SSCC), Ship — and timed call by call. Reports
 * the whole sequence's p50/p95 and each call kind's p95. A fresh in-memory PGlite, or DATABASE_URL (a throwaway,
 * empty database: it is seeded).
 *   node --import tsx bench/pack-ship.ts            # LINES=20 ROUNDS=20
 */
import { eq, inArray } from 'drizzle-orm';
import { RequestAuth } from '../apps/server/src/auth/request-auth';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { accounts } from '../apps/server/src/db/schema/accounts';
import { products } from '../apps/server/src/db/schema/products';
import { warehouses } from '../apps/server/src/db/schema/warehouses';
import { ensureReferenceData } from '../apps/server/src/db/seed/reference-data';
import { inTransaction } from '../apps/server/src/db/transaction';
import { applyMovement, ensureInventoryRow } from '../apps/server/src/modules/floor/stock/stock-api';
import { createOrders } from '../apps/server/src/modules/outbound/order-creation/order-creation-api';
import { closeCarton } from '../apps/server/src/modules/outbound/packing/cartons';
import { scanIntoCarton, startPacking } from '../apps/server/src/modules/outbound/packing/pack-session';
import { updatePackingSettings } from '../apps/server/src/modules/outbound/packing/packing-settings';
import { shipPackedOrder } from '../apps/server/src/modules/outbound/packing/ship';
import { findUserForSignIn, loadOwnUserView } from '../apps/server/src/modules/platform/users/users-api';
import { seedDemoData } from '../apps/server/src/seed/demo-data';

const LINES = Number(process.env.LINES ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const handle = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 4 })
  : await openDatabase({ kind: 'pglite' });
const db = handle.db;
await runMigrations(handle);
await ensureReferenceData(db);
await seedDemoData(db);

async function actingAs(email: string): Promise<RequestAuth> {
  const row = await findUserForSignIn(db, email);
  const user = row ? await loadOwnUserView(db, row.id) : undefined;
  if (!user) throw new Error(`Demo user ${email} is missing`);
  return new RequestAuth(user, 0, db);
}
const admin = await actingAs('admin@example.com');
const manager = await actingAs('manager@example.com');
await updatePackingSettings(db, admin, { gs1_company_prefix: '0614141', sscc_extension_digit: 0 });
const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Northwind Outdoor Co.'));
const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'NWK-01'));

const calls: Record<string, number[]> = { start: [], scan: [], close: [], ship: [] };
const totals: number[] = [];
const timed = async <T>(kind: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  calls[kind]!.push(performance.now() - started);
  return result;
};

for (let round = 0; round < ROUNDS; round++) {
  const skus = Array.from({ length: LINES }, (_, i) => `PACK-R${round}-${i}-${Date.now().toString(36)}`);
  await db.insert(products).values(skus.map((sku) => ({ accountId: account!.id, sku, name: `Bench ${sku}` })));
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  await inTransaction(db, async (tx) => {
    for (const row of rows) {
      const inventoryId = await ensureInventoryRow(tx, {
        productId: row.id,
        warehouseId: warehouse!.id,
        accountId: account!.id,
      });
      await applyMovement(tx, { inventoryId, type: 'adjustment', onHandDelta: 5, reservedDelta: 0, userId: null });
    }
  });
  const { data } = await inTransaction(db, (tx) =>
    createOrders(tx, { userId: manager.user.id }, { kind: 'all' }, [
      {
        accountId: account!.id,
        warehouseId: warehouse!.id,
        shipperId: null,
        customerName: `Bench ${round}`,
        shipDate: null,
        externalOrderId: `PACK-${round}-${Date.now().toString(36)}`,
        notes: null,
        lines: rows.map((r) => ({ productId: r.id, quantity: 1 })),
      },
    ]),
  );
  const orderId = data[0]!.id;
  const started = performance.now();
  await timed('start', () => startPacking(db, manager, orderId, null));
  let cartonId = 0;
  for (const row of rows) {
    cartonId = (await timed('scan', () => scanIntoCarton(db, manager, orderId, { code: row.sku }))).carton_id;
  }
  await timed('close', () =>
    closeCarton(db, manager, orderId, cartonId, { weight_g: 2500, length_mm: 400, width_mm: 300, height_mm: 200 }),
  );
  const shipped = await timed('ship', () => shipPackedOrder(db, manager, orderId, { cartons: [] }));
  if (shipped.backordered_units !== 0 || shipped.data.order.status === '') throw new Error('Not shipped');
  totals.push(performance.now() - started);
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
};
const [load] = await import('node:os').then((os) => os.loadavg());
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    lines: LINES,
    rounds: ROUNDS,
    pack_and_ship_ms: { p50: p(totals, 0.5), p95: p(totals, 0.95) },
    per_call_p95_ms: Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, p(v, 0.95)])),
    load_average_1m: load,
  }),
);
await handle.close();
