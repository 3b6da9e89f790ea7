import { chargeTypeLabel, LINE_CHARGE_TYPES } from '@wms/contract/billing';
import { type BillingDashboard, REVENUE_MONTHS } from '@wms/contract/billing-dashboard';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { DashboardCache } from '../../service/dashboard/dashboard-api';
import {
  billingChanges,
  currentMonthToDate,
  type UnbilledCharges,
  unbilledAccounts,
  unbilledCharges,
} from '../charges/charges-api';
import { revenueByAccount, revenueByChargeType, revenueByMonth } from './revenue-repository';

/** `2026-03` plus n months (n may be negative) as YYYY-MM. */
export function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + n, 1));
  return date.toISOString().slice(0, 7);
}

/** The window's months, oldest first: `last` and the REVENUE_MONTHS − 1 before it. */
export const revenueMonths = (last: string): string[] =>
  Array.from({ length: REVENUE_MONTHS }, (_, i) => addMonths(last, i - (REVENUE_MONTHS - 1)));

/**
 * The staff billing dashboard: revenue of the 12 months up to `month` (default the current one) and the unbilled
 * activity of the current month, both within the caller's accounts (a manager granted `manage billing` sees the
 * accounts of their warehouses). `now` is the clock (tests). The unbilled part is the costly one (every account's
 * ledger of the month): `unbilled` keeps it per scope for BILLING_DASHBOARD_CACHE_SECONDS; revenue is read live.
 */
export async function billingDashboard(
  db: Database,
  auth: RequestAuth,
  options: { month?: string; currency: string; now?: Date; unbilled?: DashboardCache<UnbilledCharges> },
): Promise<BillingDashboard> {
  const scope = await auth.scope();
  const now = options.now ?? new Date();
  // Each account's current month in its warehouses' zones (billing-service's currentMonthToDate): per account, so
  // just after a local midnight of the 1st an account in that zone shows the new month while one in a zone still
  // on the last day of the old month shows the old one. The statements run once over the union of the periods.
  const accounts = await unbilledAccounts(db, scope, (zones) => currentMonthToDate(zones, now));
  const utc = currentMonthToDate([], now);
  // The revenue window's default month: the latest current month of the scope's accounts (UTC's without any).
  const latest = accounts.reduce((month, account) => (account.from > month ? account.from : month), utc.from);
  const months = revenueMonths(options.month ?? latest.slice(0, 7));
  const query = { scope, fromDay: `${months[0]}-01`, toDay: `${addMonths(months.at(-1)!, 1)}-01` };

  const current = accounts.map((account) => [account.id, account.from, account.to]);
  const derive = () => unbilledCharges(db, scope, accounts, utc);
  // Side by side on the pool's connections (PGlite queues them): a cold dashboard waits for its slowest part.
  const [monthRows, byAccount, typeRows, unbilled] = await Promise.all([
    revenueByMonth(db, query),
    revenueByAccount(db, query),
    revenueByChargeType(db, query),
    options.unbilled ? options.unbilled.get(JSON.stringify([scope, current, billingChanges()]), derive) : derive(),
  ]);
  const perMonth = new Map(monthRows.map((row) => [row.month, row]));
  const byType = new Map(typeRows.map((row) => [row.chargeType, row.total_cents]));

  return {
    currency: options.currency,
    revenue: {
      from_month: months[0]!,
      to_month: months.at(-1)!,
      total_cents: byAccount.reduce((total, account) => total + account.total_cents, 0),
      months: months.map((month) => ({
        month,
        total_cents: perMonth.get(month)?.total_cents ?? 0,
        invoices: perMonth.get(month)?.invoices ?? 0,
      })),
      by_account: byAccount,
      by_charge_type: LINE_CHARGE_TYPES.flatMap((type) => {
        const total = byType.get(type);
        return total === undefined ? [] : [{ charge_type: type, label: chargeTypeLabel(type), total_cents: total }];
      }),
    },
    unbilled,
  };
}
