/**
 * Order import benchmark: `DATABASE_URL=… node --import tsx bench/order-import.ts` on an empty database.
 * Migrates, adds one warehouse, one account with PRODUCTS stocked products and an admin, builds a ROWS-row xlsx
 * (5 rows per order, so ROWS/5 orders), and posts it to POST /api/orders/import through the real app
 * (auth, multipart, parsing, checks, set-based writes). Prints the time of each phase.
 */
import * as XLSX from '@e965/xlsx';
import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { runMigrations } from '../apps/server/src/db/migrate';
import { accounts, accountWarehouses } from '../apps/server/src/db/schema/accounts';
import { inventories } from '../apps/server/src/db/schema/inventory';
import { products } from '../apps/server/src/db/schema/products';
import { warehouses } from '../apps/server/src/db/schema/warehouses';
import { ensureReferenceData } from '../apps/server/src/db/seed/reference-data';
import { recognisePreset } from '../apps/server/src/modules/integrations/import-mappings/presets';
import { insertUser } from '../apps/server/src/modules/platform/users/users-repository';
import { csvText, SHOPIFY_ORDER_COLUMNS, shopifyExport } from '../apps/server/test/support/shop-exports';
import { BENCH_CONFIG, openBenchDatabase } from './bench-database';

const ROWS = Number(process.env.ROWS ?? 10_000);
/** `FORMAT=shopify`: the same orders as a Shopify orders export (CSV, 79 columns) imported through its preset. */
const SHOPIFY = process.env.FORMAT === 'shopify';
const PRODUCTS = Number(process.env.PRODUCTS ?? 500);
const PER_ORDER = 5;

const handle = await openBenchDatabase();
await runMigrations(handle);
await ensureReferenceData(handle.db);
const { db } = handle;
const stamp = Date.now().toString(36);
const [warehouse] = await db
  .insert(warehouses)
  .values({ name: `Import bench ${stamp}`, code: `IB${stamp}`.slice(0, 10) })
  .returning();
const userId = await insertUser(db, {
  name: 'Import bench',
  email: `import-bench-${stamp}@bench.example.com`,
  passwordHash: await hashPassword('Bench-pass-1'),
  role: 'admin',
  warehouseIds: [],
});
const [account] = await db
  .insert(accounts)
  .values({ name: `Import Bench Co ${stamp}`, status: 'active', userId })
  .returning();
await db.insert(accountWarehouses).values({ accountId: account!.id, warehouseId: warehouse!.id });
const created = await db
  .insert(products)
  .values(Array.from({ length: PRODUCTS }, (_, i) => ({ accountId: account!.id, sku: `IB-${i}`, name: `Bench ${i}` })))
  .returning({ id: products.id });
await db
  .insert(inventories)
  .values(
    created.map((p) => ({ productId: p.id, warehouseId: warehouse!.id, accountId: account!.id, quantityOnHand: 50 })),
  );
const token = await issueToken(db, userId, { idleMinutes: 60, absoluteHours: 2 });

const header = ORDER_IMPORT_COLUMNS.map((c) => c.label);
const rows = Array.from({ length: ROWS }, (_, i) => {
  const order = Math.floor(i / PER_ORDER);
  return [
    account!.name,
    `PO-${order}`,
    `Customer ${order}`,
    '2026-12-01',
    '',
    `IB-${(i * 7) % PRODUCTS}`,
    1 + (i % 3),
    '',
  ];
});
const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, sheet, 'Orders');
const file = SHOPIFY
  ? Buffer.from(
      csvText(
        shopifyExport(
          Array.from({ length: ROWS / PER_ORDER }, (_, order) => ({
            id: `#${order}`,
            customer: `Customer ${order}`,
            lines: Array.from({ length: PER_ORDER }, (_, line) => {
              const i = order * PER_ORDER + line;
              return { sku: `IB-${(i * 7) % PRODUCTS}`, quantity: 1 + (i % 3) };
            }),
          })),
        ),
      ),
    )
  : (XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
const mappingFields = SHOPIFY
  ? { mapping: JSON.stringify(recognisePreset(SHOPIFY_ORDER_COLUMNS)!.mapping), account_id: String(account!.id) }
  : {};

const boundary = '----bench';
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="warehouse_id"\r\n\r\n${warehouse!.id}\r\n`),
  ...Object.entries(mappingFields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  ),
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${SHOPIFY ? 'orders_export.csv' : 'orders.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ),
  file,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const app = await buildApp({ db, config: loadConfig(BENCH_CONFIG), logger: false });
await app.ready();

for (const label of ['first import', 're-import (every order exists: warnings)']) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/import',
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const ms = Math.round(performance.now() - started);
  const summary = res.json().summary ?? res.json();
  console.log(
    `${label}: ${handle.kind}, ${SHOPIFY ? 'Shopify export, ' : ''}${ROWS} rows, ${ROWS / PER_ORDER} orders, file ${Math.round(file.length / 1024)} KB → ` +
      `HTTP ${res.statusCode} in ${ms} ms (created ${summary.success_count}, warnings ${summary.warning_count}, errors ${summary.error_count})`,
  );
}
await app.close();
await handle.close();
