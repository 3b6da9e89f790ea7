import type { Executor } from '../../../db/client';
import { withoutParallelWorkers } from '../../../db/without-parallel-workers';
import type { ChargeFact } from './charge-facts-repository';
import * as perAccount from './charge-facts-repository';
import type { DailyFact, UnbilledQuery } from './unbilled-facts-repository';
import * as perDay from './unbilled-facts-repository';

/**
 * The kinds of billable facts derived from what the warehouse recorded, in the order charges list them: each is one
 * statement of the same name in charge-facts-repository.ts (one account's facts with their evidence: the preview
 * and invoices) and in unbilled-facts-repository.ts (every account's, summed per day: the billing dashboard). The
 * one list of both (a kind missing from either repository does not compile).
 */
export const FACT_KINDS = [
  'shipmentsVerified',
  'unitsReceived',
  'storageUnitDays',
  'occupiedLocationDays',
  'ordersShipped',
  'labelsUploaded',
  'mergeItemsMade',
  'returnsReceived',
  'returnUnitsInspected',
  'kitsAssembled',
  'bundlesShipped',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

// Each repository's statements by kind (the namespaces as objects: every kind must be there with its signature).
const perAccountStatements: Pick<typeof perAccount, FactKind> = perAccount;
const perDayStatements: Pick<typeof perDay, FactKind> = perDay;

/** Every derived fact of the account in the period (local days of each fact's warehouse). */
export async function chargeFacts(db: Executor, period: perAccount.Period): Promise<ChargeFact[]> {
  const facts: ChargeFact[][] = [];
  // One after another: PGlite has one connection, and a transaction handle must not run statements in parallel.
  for (const kind of FACT_KINDS) facts.push(await perAccountStatements[kind](db, period));
  // flat(), not push(...part): spreading 300 000 facts of a busy month as arguments overflows the call stack.
  return facts.flat();
}

/** The per-day statements by name (the bench times them one by one). */
export const unbilledFactStatements: Record<FactKind, (db: Executor, q: UnbilledQuery) => Promise<DailyFact[]>> =
  Object.fromEntries(FACT_KINDS.map((kind) => [kind, perDayStatements[kind]])) as Record<
    FactKind,
    (db: Executor, q: UnbilledQuery) => Promise<DailyFact[]>
  >;

/** Every account's facts of the period, per charge type and day. */
export async function dailyFactsOfAccounts(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  // Side by side on the pool's connections (never called with a transaction handle, which must not run statements
  // in parallel; PGlite queues them on its one connection), so each plans without parallel workers of its own.
  const facts = await Promise.all(
    FACT_KINDS.map((kind) => withoutParallelWorkers(db, (tx) => perDayStatements[kind](tx, q))),
  );
  return facts.flat();
}
