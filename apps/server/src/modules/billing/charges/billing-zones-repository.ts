import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountWarehouses } from '../../../db/schema/accounts';
import { warehouses } from '../../../db/schema/warehouses';

/** The distinct time zones of the warehouses an account is linked to (its billing days are theirs). */
export async function accountWarehouseZones(db: Executor, accountId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ zone: warehouses.timezone })
    .from(accountWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, accountWarehouses.warehouseId))
    .where(eq(accountWarehouses.accountId, accountId));
  return rows.map((row) => row.zone);
}

/** The distinct time zones of every warehouse: rate cards are installation-wide. */
export async function allWarehouseZones(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ zone: warehouses.timezone }).from(warehouses).orderBy(sql`1`);
  return rows.map((row) => row.zone);
}
