import type { Executor } from '../../../db/client';
import { markOrderShippedInWave, type PickedUnits, pickedUnitsOfOrder } from './picked-units-repository';

/**
 * What the packing station and Ship read of picking: exactly which units of which lot each order line got (they lie
 * on the warehouse's staging location until shipped), and the order's wave entry closed as shipped.
 */
export type { PickedUnits };
export const pickedUnits = (db: Executor, orderId: number): Promise<PickedUnits[]> => pickedUnitsOfOrder(db, orderId);
export const leaveWaveShipped = (tx: Executor, orderId: number): Promise<void> => markOrderShippedInWave(tx, orderId);
