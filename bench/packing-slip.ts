/**
 * The packing slip of a 20-line order (two closed cartons of 10 lines, lots, the account's logo): the PDF through
 * the real app (`GET /api/orders/{id}/packing-slip`, bearer auth, scope, the reads, the render) `ROUNDS` (30)
 * times per layout, and the renderers alone. Goal: ≤ 300 ms. PGlite by default; `DATABASE_URL` for PostgreSQL.
 *
 * `node --import tsx bench/packing-slip.ts`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSscc } from '@wms/contract/gs1';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { accounts, accountWarehouses } from '../apps/server/src/db/schema/accounts';
import { inventoryLots } from '../apps/server/src/db/schema/location-stock';
import { orderItems } from '../apps/server/src/db/schema/orders';
import { cartonItems, cartons, cartonTypes } from '../apps/server/src/db/schema/packing';
import { products } from '../apps/server/src/db/schema/products';
import { warehouses } from '../apps/server/src/db/schema/warehouses';
import { ensureReferenceData } from '../apps/server/src/db/seed/reference-data';
import { inTransaction } from '../apps/server/src/db/transaction';
import { createOrders } from '../apps/server/src/modules/outbound/order-creation/create-orders';
import {
  packingSlipDocument,
  packingSlipPdf,
  packingSlipZpl,
} from '../apps/server/src/modules/outbound/packing-documents/packing-documents-api';
import { insertUser } from '../apps/server/src/modules/platform/users/users-repository';
import { png } from '../apps/server/test/support/images';
import { multipart } from '../apps/server/test/support/multipart';
import { summaries } from './stats';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const LINES = 20;

const url = process.env.DATABASE_URL;
const handle = await openDatabase(url ? { kind: 'postgres', url, poolSize: 5 } : { kind: 'pglite' });
await runMigrations(handle);
await ensureReferenceData(handle.db);
const { db } = handle;

const admin = await insertUser(db, {
  name: 'Bench Packer',
  email: `bench-packing-${Date.now()}@bench.example.com`,
  passwordHash: await hashPassword('Bench-password-1'),
  role: 'admin',
  warehouseIds: [],
});
const token = await issueToken(db, admin, { idleMinutes: 600, absoluteHours: 24 });
const app = await buildApp({
  db,
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' }),
  logger: false,
});
await app.ready();
const authorization = `Bearer ${token}`;

// A warehouse and account, 20 products, a 20-line order, two closed cartons of 10 lines (lots on every line).
const suffix = Date.now().toString(36);
const [warehouse] = await db
  .insert(warehouses)
  .values({ name: 'Bench Packing DC', code: `BP-${suffix}`, address: '1 Dock Road', city: 'Austin', state: 'TX' })
  .returning({ id: warehouses.id });
const [account] = await db
  .insert(accounts)
  .values({ name: 'Bench Goods Ltd', status: 'active', userId: admin })
  .returning({ id: accounts.id });
await db.insert(accountWarehouses).values({ accountId: account!.id, warehouseId: warehouse!.id });
const made = await db
  .insert(products)
  .values(
    Array.from({ length: LINES }, (_, i) => ({
      accountId: account!.id,
      sku: `BP-${suffix}-${i + 1}`,
      name: `Bench product number ${i + 1} with a longer name`,
    })),
  )
  .returning({ id: products.id });
const { data } = await inTransaction(db, (tx) =>
  createOrders(tx, { userId: admin }, { kind: 'all' }, [
    {
      accountId: account!.id,
      warehouseId: warehouse!.id,
      shipperId: null,
      customerName: 'Jane Customer',
      shipDate: null,
      externalOrderId: `BENCH-${suffix}`,
      notes: 'Fragile: keep upright. Leave at the back door if nobody answers.',
      lines: made.map((p, i) => ({ productId: p.id, quantity: 1 + (i % 4) })),
    },
  ]),
);
const orderId = data[0]!.id;
const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
const [type] = await db
  .insert(cartonTypes)
  .values({ warehouseId: warehouse!.id, name: `Custom`, isCustom: true })
  .onConflictDoNothing()
  .returning({ id: cartonTypes.id });
const typeId =
  type?.id ??
  (await db.select({ id: cartonTypes.id }).from(cartonTypes).where(eq(cartonTypes.warehouseId, warehouse!.id)))[0]!.id;
for (const half of [0, 1]) {
  const [carton] = await db
    .insert(cartons)
    .values({
      orderId,
      number: half + 1,
      cartonTypeId: typeId,
      weightG: 2400,
      status: 'closed',
      sscc: buildSscc(0, '0614141', Number(`${Date.now() % 1_000_000}${half}`)),
    })
    .returning({ id: cartons.id });
  for (const line of lines.slice(half * 10, half * 10 + 10)) {
    const [lot] = await db
      .insert(inventoryLots)
      .values({ productId: line.productId, lotCode: `LOT-${suffix}-${line.id}` })
      .returning({ id: inventoryLots.id });
    await db
      .insert(cartonItems)
      .values({ cartonId: carton!.id, orderItemId: line.id, lotId: lot!.id, quantity: line.quantity });
  }
}
const logoBody = multipart({}, { field: 'logo', filename: 'logo.png', content: png(600, 200) });
const logo = await app.inject({
  method: 'PUT',
  url: `/api/accounts/${account!.id}/logo`,
  headers: { authorization, ...logoBody.headers },
  payload: logoBody.payload,
});
if (logo.statusCode !== 200) throw new Error(`logo: ${logo.statusCode} ${logo.body}`);

const times: Record<string, number[]> = {};
const time = async (name: string, work: () => Promise<unknown>) => {
  await work(); // warm-up: fonts, the first query plans
  times[name] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await work();
    times[name].push(performance.now() - t);
  }
};

for (const layout of ['a4', '4x6'] as const) {
  await time(`api GET packing-slip ${layout}`, async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/packing-slip?layout=${layout}`,
      headers: { authorization },
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  });
}
const slip = await packingSlipDocument(db, { get: async () => png(600, 200) } as never, { kind: 'all' }, orderId);
await time('render a4 PDF alone', () => packingSlipPdf(slip, 'a4'));
await time('render 4x6 ZPL alone', async () => packingSlipZpl(slip));

const result = { lines: LINES, rounds: ROUNDS, database: url ? 'postgres' : 'pglite', ...summaries(times) };
console.log(JSON.stringify(result, null, 2));
mkdirSync(resolve(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(resolve(import.meta.dirname, `results/packing-slip-${Date.now()}.json`), JSON.stringify(result, null, 2));
await app.close();
await handle.close();
