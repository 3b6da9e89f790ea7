import type { Executor } from '../../../db/client';
import { insertCustomCartonType } from './carton-types-repository';

/**
 * Every warehouse has one "Custom" carton type (a carton of it types its own dimensions): warehouse creation calls
 * this in its transaction; the migration gave existing warehouses theirs.
 */
export async function addCustomCartonType(tx: Executor, warehouseId: number): Promise<void> {
  await insertCustomCartonType(tx, warehouseId);
}
