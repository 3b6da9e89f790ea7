import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { BillingDashboard } from '@wms/contract/billing-dashboard';
import { formatMoney } from '@wms/contract/money';

/**
 * Revenue per month as bars (amounts stay integer cents; only the labels format them). Loaded lazily by the page,
 * like the main dashboard's charts, so the charts library never weighs on other routes.
 */
export default function RevenueChart({
  revenue,
  currency,
}: {
  revenue: BillingDashboard['revenue'];
  currency: string;
}) {
  const money = (value: number | null) => formatMoney(Math.round(value ?? 0), currency);
  const summary = revenue.months.map((m) => `${m.month}: ${money(m.total_cents)}`).join(', ');
  return (
    <Box role="img" aria-label={`Revenue per month from ${revenue.from_month} to ${revenue.to_month}: ${summary}`}>
      <BarChart
        height={280}
        xAxis={[{ scaleType: 'band', data: revenue.months.map((m) => m.month) }]}
        yAxis={[{ valueFormatter: (value: number) => money(value), width: 90 }]}
        series={[
          {
            data: revenue.months.map((m) => m.total_cents),
            label: 'Revenue',
            color: '#059669',
            valueFormatter: (value) => money(value),
          },
        ]}
      />
    </Box>
  );
}
