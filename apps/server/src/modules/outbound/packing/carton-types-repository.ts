import { CUSTOM_CARTON_TYPE_NAME } from '@wms/contract/packing';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** Gives a warehouse its Custom carton type unless it has it (the unique index on the custom type decides). */
export async function insertCustomCartonType(tx: Executor, warehouseId: number): Promise<void> {
  await tx.execute(sql`insert into carton_types (warehouse_id, name, is_custom)
    values (${warehouseId}, ${CUSTOM_CARTON_TYPE_NAME}, true) on conflict do nothing`);
}
