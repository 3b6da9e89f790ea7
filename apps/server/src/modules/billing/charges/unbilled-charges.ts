import { chargeTypeLabel, LINE_CHARGE_TYPES, type LineChargeType } from '@wms/contract/billing';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { accountScopeCondition } from '../../catalogue/accounts/accounts-api';
import { ratesForEveryAccount } from '../rate-cards/rate-cards-api';
import type { ChargeFact } from './charge-facts-repository';
import { dailyFactsOfAccounts } from './fact-statements';
import { chargeLines, groupLines } from './price-charges';
import {
  accountsInScope,
  type DailyFact,
  manualChargesOfAccounts,
  type UnbilledQuery,
} from './unbilled-facts-repository';

export interface UnbilledCharges {
  from: string;
  to: string;
  total_cents: number;
  by_account: { account_id: number; account_name: string; total_cents: number }[];
  by_charge_type: { charge_type: LineChargeType; label: string; total_cents: number }[];
}

/** A day's summed fact as the pricer takes it; its evidence only carries the day (which month a line belongs to). */
const asChargeFact = (fact: DailyFact): ChargeFact => ({
  chargeType: fact.chargeType,
  date: fact.date,
  quantity: fact.quantity,
  evidence: { kind: 'storage_day', id: null, reference: '', date: fact.date, quantity: fact.quantity },
});

/** The first day of any account's period to the last of any (`none` without accounts). */
function unionOf(accounts: readonly UnbilledAccount[], none: Period): Period {
  if (accounts.length === 0) return none;
  return {
    from: accounts.map((a) => a.from).reduce((a, b) => (a < b ? a : b)),
    to: accounts.map((a) => a.to).reduce((a, b) => (a > b ? a : b)),
  };
}

const groupBy = <T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> => {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

type Period = { from: string; to: string };

/** An account whose running charges the dashboard sums, over its own period. */
export interface UnbilledAccount {
  id: number;
  name: string;
  from: string;
  to: string;
}

/**
 * The accounts in the scope, each with its period: `periodOf` the distinct time zones of its warehouses (the
 * current month in those zones, billing-service's currentMonthToDate; a fixed period in tests).
 */
export async function unbilledAccounts(
  db: Executor,
  scope: Scope,
  periodOf: (zones: readonly string[]) => Period,
): Promise<UnbilledAccount[]> {
  const rows = await accountsInScope(db, { accountScope: accountScopeCondition(scope) });
  return rows.map((row) => ({ id: row.id, name: row.name, ...periodOf(row.zones) }));
}

/**
 * What every account in the scope would be charged for its period now (the running charges of each, summed):
 * facts come summed per account, charge type and day from a fixed number of statements over the union of the
 * periods (one scan whatever the accounts' zones: a fact of a day is the same whichever period holds it, storage
 * days included, each being the balance at the end of its own day), each account keeps the days of its own period
 * and is priced in memory with the preview's own rules (`chargeLines`: rates in force per day, account card over
 * default, manual charges, the minimum of whole months). An account whose charges come to nothing is left out.
 * `from`/`to` of the answer: the union (the accounts' periods differ by the day their zones' dates change).
 */
export async function unbilledCharges(
  db: Executor,
  scope: Scope,
  accounts: readonly UnbilledAccount[],
  none: Period = { from: '', to: '' },
): Promise<UnbilledCharges> {
  const period = unionOf(accounts, none);
  const query: UnbilledQuery = { accountScope: accountScopeCondition(scope), ...period };
  // Side by side, each on a pool connection of its own (PGlite queues them): the cold dashboard's wall time is the
  // slowest statement's, not their sum.
  const [facts, manual, rates] = await Promise.all([
    dailyFactsOfAccounts(db, query).then((rows) => groupBy(rows, (fact) => fact.accountId)),
    manualChargesOfAccounts(db, query).then((rows) => groupBy(rows, (charge) => charge.accountId)),
    ratesForEveryAccount(db),
  ]);

  const byType = new Map<LineChargeType, number>();
  const byAccount: UnbilledCharges['by_account'] = [];
  for (const account of accounts) {
    const inPeriod = (item: { date: string }) => item.date >= account.from && item.date <= account.to;
    const lines = chargeLines(
      account.from,
      account.to,
      (facts.get(account.id) ?? []).filter(inPeriod).map(asChargeFact),
      (manual.get(account.id) ?? []).filter(inPeriod),
      rates.forAccount(account.id),
    );
    const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
    if (total === 0) continue;
    byAccount.push({ account_id: account.id, account_name: account.name, total_cents: total });
    for (const group of groupLines(lines)) {
      byType.set(group.charge_type, (byType.get(group.charge_type) ?? 0) + group.total_cents);
    }
  }
  byAccount.sort((a, b) => b.total_cents - a.total_cents || a.account_name.localeCompare(b.account_name));
  return {
    ...period,
    total_cents: byAccount.reduce((sum, account) => sum + account.total_cents, 0),
    by_account: byAccount,
    // In the rate card's order, manual charges last (as invoices group their lines).
    by_charge_type: LINE_CHARGE_TYPES.flatMap((type) => {
      const total = byType.get(type);
      return total === undefined ? [] : [{ charge_type: type, label: chargeTypeLabel(type), total_cents: total }];
    }),
  };
}
