import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/db/client';
import { MIGRATIONS_FOLDER } from '../src/db/migrate';

/**
 * The location-stock migration on a database that already holds stock: every warehouse gets UNASSIGNED where it has
 * none, and each row's on hand lies there (Σ location stock = on hand from the first moment).
 */
const files = readdirSync(MIGRATIONS_FOLDER)
  .filter((name) => name.endsWith('.sql'))
  .sort();
/** Found by name: migrations are renumbered when branches merge. */
const locationStockMigration = files.find((name) => name.endsWith('_location_stock.sql'))!;
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  for (const file of files.filter((name) => name < locationStockMigration)) await run(db, file);
});
afterAll(() => db.close());

describe('the location-stock migration: existing stock goes to UNASSIGNED', () => {
  it('creates UNASSIGNED where missing and puts every row’s on hand there, ledger included', async () => {
    await db.exec(`
      insert into warehouses (id, name, code) values (1, 'Old', 'OLD'), (2, 'Laid out', 'LAY');
      insert into locations (warehouse_id, code, sort_key, zone, type) values (2, 'UNASSIGNED', 'UNASSIGNED', 'RECV', 'receiving');
      insert into users (id, name, email, password_hash) values (1, 'U', 'u@example.com', 'x');
      insert into accounts (id, name, user_id) values (1, 'Acc', 1);
      insert into products (id, account_id, name, sku) values (1, 1, 'P', 'P-1'), (2, 1, 'Q', 'Q-1');
      insert into inventories (id, product_id, warehouse_id, account_id, quantity_on_hand, quantity_reserved)
        values (1, 1, 1, 1, 9, 2), (2, 2, 2, 1, 4, 0), (3, 2, 1, 1, 0, 0);
      insert into inventory_movements (inventory_id, product_id, warehouse_id, account_id, type, on_hand_delta,
        reserved_delta, on_hand_after, reserved_after)
        values (1, 1, 1, 1, 'initial', 9, 2, 9, 2), (2, 2, 2, 1, 'initial', 4, 0, 4, 0);`);
    await run(db, locationStockMigration);

    const unassigned = await db.query<{ warehouse_id: number; n: number }>(
      `select warehouse_id, count(*)::int as n from locations where code = 'UNASSIGNED' group by 1 order by 1`,
    );
    expect(unassigned.rows).toEqual([
      { warehouse_id: 1, n: 1 },
      { warehouse_id: 2, n: 1 },
    ]);
    const stock = await db.query<{ inventory_id: number; code: string; quantity: number }>(
      `select s.inventory_id, l.code, s.quantity from location_stock s join locations l on l.id = s.location_id
       order by 1`,
    );
    expect(stock.rows).toEqual([
      { inventory_id: 1, code: 'UNASSIGNED', quantity: 9 },
      { inventory_id: 2, code: 'UNASSIGNED', quantity: 4 },
    ]);
    const ledger = await db.query<{ inventory_id: number; location_delta: number; located: boolean }>(
      `select inventory_id, location_delta, location_id is not null as located from inventory_movements order by 1`,
    );
    expect(ledger.rows).toEqual([
      { inventory_id: 1, location_delta: 9, located: true },
      { inventory_id: 2, location_delta: 4, located: true },
    ]);
    const available = await db.query<{ quantity_available: number }>(
      'select quantity_available from inventories where id = 1',
    );
    expect(available.rows[0]!.quantity_available).toBe(7);
  });
});
