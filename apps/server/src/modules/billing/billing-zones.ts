import type { Executor } from '../../db/client';
import { firstFutureDay, periodHasEnded } from './billing-days';
import { accountWarehouseZones, allWarehouseZones } from './billing-zones-repository';

/**
 * The billing clock other modules ask (invoices, rate cards): the days rules of billing-days.ts applied to the time
 * zones of the warehouses concerned.
 */

/** Whether a period ending on `to` is over in every zone of the account's warehouses (UTC without any). */
export const periodEndedForAccount = async (db: Executor, accountId: number, to: string, now: Date) =>
  periodHasEnded(to, await accountWarehouseZones(db, accountId), now);

/** The first day a rate change may take effect: tomorrow in every warehouse's zone (rate cards are installation-wide). */
export const firstRateChangeDay = async (db: Executor, now: Date) => firstFutureDay(await allWarehouseZones(db), now);
