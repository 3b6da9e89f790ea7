/**
 * Receiving a 50-line inbound shipment: the demo data, then ROUNDS shipments of LINES products
 * each announced by the demo client and verified by the demo manager through the shipments service, every line put
 * away into two storage bins (so 2 × LINES ledger rows and location-stock rows per verify). Reports each verify's
 * time and the median. A fresh in-memory PGlite, or DATABASE_URL (a throwaway, empty database: it is seeded).
 *   node --import tsx bench/receive-shipment.ts            # LINES=50 ROUNDS=7
 */
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { RequestAuth } from '../apps/server/src/auth/request-auth';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { accounts } from '../apps/server/src/db/schema/accounts';
import { locations } from '../apps/server/src/db/schema/locations';
import { products } from '../apps/server/src/db/schema/products';
import { warehouses } from '../apps/server/src/db/schema/warehouses';
import { ensureReferenceData } from '../apps/server/src/db/seed/reference-data';
import { createShipment, verifyShipment } from '../apps/server/src/modules/inbound/shipments/shipments-service';
import { findUserForSignIn, loadOwnUserView } from '../apps/server/src/modules/platform/users/users-api';
import { seedDemoData } from '../apps/server/src/seed/demo-data';

const LINES = Number(process.env.LINES ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 7);

const handle = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 4 })
  : await openDatabase({ kind: 'pglite' });
// The same connections with a logger that counts the statements of each verify (round trips are its cost).
let statements = 0;
const logger = {
  logQuery: (q: string) => {
    statements++;
    if (process.env.SHOW_SQL) console.error(q.slice(0, 110).replace(/\s+/g, ' '));
  },
};
const db = (
  handle.kind === 'postgres'
    ? drizzleNodePg(handle.pool, { logger })
    : drizzlePglite((handle.db as unknown as { $client: PGlite }).$client, { logger })
) as Database;
await runMigrations(handle);
await ensureReferenceData(db);
await seedDemoData(db);

async function actingAs(email: string): Promise<RequestAuth> {
  const row = await findUserForSignIn(db, email);
  const user = row ? await loadOwnUserView(db, row.id) : undefined;
  if (!user) throw new Error(`Demo user ${email} is missing`);
  return new RequestAuth(user, 0, db);
}
const client = await actingAs('client@example.com');
const manager = await actingAs('manager@example.com');
const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Northwind Outdoor Co.'));
const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'NWK-01'));
const bins = await db
  .select({ id: locations.id })
  .from(locations)
  .where(and(eq(locations.warehouseId, warehouse!.id), eq(locations.type, 'storage'), eq(locations.isActive, true)))
  .limit(2 * LINES);
if (bins.length < 2) throw new Error('The demo warehouse has too few storage bins');

const timings: number[] = [];
const statementCounts: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const skus = Array.from({ length: LINES }, (_, i) => `BENCH-R${round}-${i}-${Date.now().toString(36)}`);
  await db.insert(products).values(skus.map((sku) => ({ accountId: account!.id, sku, name: `Bench ${sku}` })));
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.sku, skus));
  const shipment = await createShipment(db, client, {
    account_id: account!.id,
    warehouse_id: warehouse!.id,
    lines: rows.map((r) => ({ product_id: r.id, quantity: 10 })),
    tracking_number: null,
    carrier: null,
    delivery_date: null,
    notes: null,
  });
  statements = 0;
  const started = performance.now();
  await verifyShipment(db, manager, shipment.id, {
    notes: null,
    lines: shipment.lines.map((line, i) => ({
      line_id: line.id,
      received_quantity: 10,
      discrepancy_reason: null,
      putaway: [
        { location_id: bins[(2 * i) % bins.length]!.id, quantity: 6, lot_code: null, expiry_date: null },
        { location_id: bins[(2 * i + 1) % bins.length]!.id, quantity: 4, lot_code: null, expiry_date: null },
      ],
    })),
  });
  timings.push(performance.now() - started);
  statementCounts.push(statements);
}
const sorted = [...timings].sort((a, b) => a - b);
const [load] = await import('node:os').then((os) => os.loadavg());
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    lines: LINES,
    rounds: ROUNDS,
    verify_ms: timings.map((t) => Math.round(t)),
    median_ms: Math.round(sorted[Math.floor(sorted.length / 2)]!),
    // Every statement of the verify, BEGIN/COMMIT excluded, the answer's reads (shipment view) included.
    statements_per_verify: statementCounts,
    load_average_1m: load,
  }),
);
await db.execute(sql`select 1`);
await handle.close();
