import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { recordEvent } from '../../platform/activity/activity-api';
import { quarantinedOfReturn, setReturnStatus } from './returns-repository';
import { returnEvent } from './returns-service';

/**
 * A received return closes by itself once none of its units waits in quarantine (at receipt when nothing went there,
 * else at the release of the last quarantined unit): nothing is left to do with it.
 */
export async function closeWhenSettled(
  tx: Executor,
  auth: RequestAuth,
  ret: { id: number; rmaNumber: string; warehouseId: number; accountId: number },
): Promise<void> {
  if ((await quarantinedOfReturn(tx, ret.id)) > 0) return;
  if (!(await setReturnStatus(tx, ret.id, ['received'], 'closed'))) return;
  await recordEvent(tx, { kind: 'return.closed', payload: { rma_number: ret.rmaNumber }, ...returnEvent(auth, ret) });
}
