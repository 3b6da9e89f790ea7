import { chargeTypeLabel, LINE_CHARGE_TYPES, type LineChargeType } from '@wms/contract/billing';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { accountScopeCondition } from '../accounts/account-scope';
import { ratesForEveryAccount } from '../rate-cards/rate-cards-service';
import type { ChargeFact } from './charge-facts-repository';
import { chargeLines, groupLines } from './price-charges';
import {
  accountsInScope,
  type DailyFact,
  dailyFactsOfAccounts,
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

const groupBy = <T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> => {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

/**
 * What every account in the scope would be charged for the period now (the running charges of each, summed):
 * facts come summed per account, charge type and day from a fixed number of statements, and each account is priced
 * in memory with the preview's own rules (`chargeLines`: rates in force per day, account card over default,
 * manual charges, the minimum of whole months). An account whose charges come to nothing is left out.
 */
export async function unbilledCharges(
  db: Executor,
  scope: Scope,
  period: { from: string; to: string },
): Promise<UnbilledCharges> {
  const query: UnbilledQuery = { accountScope: accountScopeCondition(scope), ...period };
  // Side by side, each on a pool connection of its own (PGlite queues them): the cold dashboard's wall time is the
  // slowest statement's, not their sum.
  const [accounts, facts, manual, rates] = await Promise.all([
    accountsInScope(db, query),
    dailyFactsOfAccounts(db, query).then((rows) => groupBy(rows, (fact) => fact.accountId)),
    manualChargesOfAccounts(db, query).then((rows) => groupBy(rows, (charge) => charge.accountId)),
    ratesForEveryAccount(db),
  ]);

  const byType = new Map<LineChargeType, number>();
  const byAccount: UnbilledCharges['by_account'] = [];
  for (const account of accounts) {
    const lines = chargeLines(
      period.from,
      period.to,
      (facts.get(account.id) ?? []).map(asChargeFact),
      manual.get(account.id) ?? [],
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
