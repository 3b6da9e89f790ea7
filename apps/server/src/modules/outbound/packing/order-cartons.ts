import type { Carton } from '@wms/contract/packing';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { orderWarehouseId } from '../packing-documents/packing-documents-api';
import { loadPackState, toPackView } from './pack-state';

/**
 * An order's cartons as anyone who may see the order sees them, its client users too: where each parcel went (SSCC,
 * weight, carrier and tracking number) once it shipped. Out of the caller's scope: 404, as the order itself.
 */
export async function cartonsOfOrderInScope(db: Executor, auth: RequestAuth, orderId: number): Promise<Carton[]> {
  await orderWarehouseId(db, await auth.scope(), orderId);
  return toPackView(await loadPackState(db, orderId)).cartons;
}
