import type { WaveDetail } from '@wms/contract/waves';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { getWave, getWaveTasks } from './waves-service';

/*
 * What other modules may ask of waves: picking answers every write with the wave as GET /api/waves/{id} shows it;
 * orders ask whether an order is in a live wave and take it out of it when the order is cancelled or deleted.
 */

/** The wave in the caller's scope as the API shows it (404 out of scope). */
export const waveDetail = (db: Executor, auth: RequestAuth, id: number): Promise<WaveDetail> => getWave(db, auth, id);
/** The wave's counts and only the tasks a picking write changed (the handheld merges them). */
export const waveTasksDetail = getWaveTasks;
export type TaskFilter = Parameters<typeof getWaveTasks>[3];
export { leaveWaveShipped, type PickedUnits, pickedUnits } from './picked-units';
export { walkDistance, walkOrder } from './walk-route';
export { liveWaveOfOrder, type RemovedFromWave, removeOrderFromWave } from './wave-order-removal';
export { onWaveReleased } from './waves-service';
