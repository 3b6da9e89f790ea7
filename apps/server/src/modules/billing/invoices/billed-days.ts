import type { Executor } from '../../../db/client';
import { lastFinalizedDay, lastFinalizedDayByAccount } from './invoices-repository';

/**
 * What other modules may ask about invoicing (rate cards): the last day already billed. A day up to it is on a
 * finalized invoice, so no rate may change from it.
 */
export const lastBilledDay = (db: Executor, accountId?: number) => lastFinalizedDay(db, accountId);
export const lastBilledDayByAccount = (db: Executor) => lastFinalizedDayByAccount(db);
