import type { WaveDetail } from '@wms/contract/waves';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { getWave } from './waves-service';

/* What other modules may ask of waves: picking answers every write with the wave as GET /api/waves/{id} shows it. */

/** The wave in the caller's scope as the API shows it (404 out of scope). */
export const waveDetail = (db: Executor, auth: RequestAuth, id: number): Promise<WaveDetail> => getWave(db, auth, id);
export { walkDistance, walkOrder } from './walk-route';
