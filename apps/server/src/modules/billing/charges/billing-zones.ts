import type { Executor } from '../../../db/client';
import { periodHasEnded } from './billing-days';
import { accountWarehouseZones } from './billing-zones-repository';

/**
 * The billing clock other modules ask (invoices): the days rules of billing-days.ts applied to the time
 * zones of the warehouses concerned.
 */

/** Whether a period ending on `to` is over in every zone of the account's warehouses (UTC without any). */
export const periodEndedForAccount = async (db: Executor, accountId: number, to: string, now: Date) =>
  periodHasEnded(to, await accountWarehouseZones(db, accountId), now);
