import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client';

/**
 * Tables a request changes by merely being authenticated (the token's last use), not by what it asks for.
 * Everything else must be byte-for-byte the same after a refused write.
 */
const REQUEST_BOOKKEEPING = new Set(['api_tokens']);

/** Per table: row count and an md5 of every row's text, in a stable order. */
export type TableSnapshot = Map<string, { rows: number; checksum: string }>;

let tableNames: string[] | undefined;

async function publicTables(db: Executor): Promise<string[]> {
  if (!tableNames) {
    const result = (await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
      rows: { name: string }[];
    };
    tableNames = result.rows.map((r) => r.name).filter((name) => !REQUEST_BOOKKEEPING.has(name));
  }
  return tableNames;
}

/**
 * A cheap fingerprint of the whole (small, seeded) test database, one statement: rows, ledger
 * movements, events, counters, files… A refused write must leave every one of them as it was.
 */
export async function snapshotTables(db: Executor): Promise<TableSnapshot> {
  const parts = (await publicTables(db)).map(
    (name) => sql`select ${name}::text as name, count(*)::int as rows,
      coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as checksum from ${sql.identifier(name)} t`,
  );
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; rows: number | string; checksum: string }[];
  };
  return new Map(result.rows.map((r) => [r.name, { rows: Number(r.rows), checksum: r.checksum }]));
}

/** The tables whose rows differ between two snapshots, e.g. `orders (3 → 3 rows, changed)`. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return [...after.entries()].flatMap(([name, now]) => {
    const then = before.get(name);
    if (then && then.rows === now.rows && then.checksum === now.checksum) return [];
    return [`${name} (${then?.rows ?? 0} → ${now.rows} rows, changed)`];
  });
}

/**
 * Runs a request that must be refused with `status` and asserts that no table changed (the row, ledger movements,
 * events, files): a refusal that answers 4xx but commits fails here. Answers the response for further checks.
 */
export async function expectRefusedUnchanged<R extends { statusCode: number; body: string }>(
  db: Executor,
  request: () => Promise<R>,
  status: number,
): Promise<R> {
  const before = await snapshotTables(db);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  expect(changedTables(before, await snapshotTables(db))).toEqual([]);
  return res;
}
