import { z } from 'zod';
import { LINE_CHARGE_TYPES } from './billing';

/**
 * The staff billing dashboard: revenue = the totals of finalized (not void) invoices, by the month their
 * period starts in, over the last 12 months (up to `month`, default the current one), by account and by charge type
 * (from the frozen invoice lines); and the unbilled activity of the current month = every account's running charges
 * (what an invoice of the month to date would hold now).
 */
export const REVENUE_MONTHS = 12;

export const BILLING_DASHBOARD_MESSAGES = {
  monthInvalid: 'Enter the month as YYYY-MM.',
} as const;

export const monthSchema = z
  .string({ error: BILLING_DASHBOARD_MESSAGES.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: BILLING_DASHBOARD_MESSAGES.monthInvalid });

export const billingDashboardQuery = z.object({
  /** The last month of the revenue window (YYYY-MM); the window is it and the 11 months before. */
  month: monthSchema.optional(),
});

const accountTotalSchema = z.object({
  account_id: z.number().int(),
  account_name: z.string(),
  total_cents: z.number().int(),
});
const chargeTypeTotalSchema = z.object({
  charge_type: z.enum(LINE_CHARGE_TYPES),
  label: z.string(),
  total_cents: z.number().int(),
});

export const billingDashboardSchema = z.object({
  currency: z.string(),
  revenue: z.object({
    from_month: z.string(),
    to_month: z.string(),
    total_cents: z.number().int(),
    /** Every month of the window, oldest first, months without invoices at 0. */
    months: z.array(z.object({ month: z.string(), total_cents: z.number().int(), invoices: z.number().int() })),
    /** Largest first. */
    by_account: z.array(accountTotalSchema.extend({ invoices: z.number().int() })),
    by_charge_type: z.array(chargeTypeTotalSchema),
  }),
  unbilled: z.object({
    /**
     * Each account's running charges cover its own current month in its warehouses' zones: `from` is the earliest
     * first day and `to` the latest "today" among them (two months only just after a local midnight of the 1st).
     */
    from: z.string(),
    to: z.string(),
    total_cents: z.number().int(),
    /** Accounts with charges so far this month, largest first. */
    by_account: z.array(accountTotalSchema),
    by_charge_type: z.array(chargeTypeTotalSchema),
  }),
});
export type BillingDashboard = z.infer<typeof billingDashboardSchema>;
export const billingDashboardResponse = z.object({ dashboard: billingDashboardSchema });
