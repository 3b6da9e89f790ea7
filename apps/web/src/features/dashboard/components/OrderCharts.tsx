import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { Dashboard } from '@wms/contract/dashboard';
import { SectionCard } from './SectionCard';

/**
 * Orders created vs shipped per day, and the status breakdown. Loaded lazily by the page, so the charts library
 * never weighs on the sign-in route.
 */
export default function OrderCharts({ data }: { data: Dashboard }) {
  const series = data.charts.orders_over_time;
  const withOrders = data.orders.by_status.filter((s) => s.count > 0);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <SectionCard title="Orders over time">
        <Box role="img" aria-label={`Orders created and shipped per day over the last ${data.timeframe} days`}>
          <LineChart
            height={260}
            xAxis={[{ scaleType: 'point', data: series.map((p) => p.date.slice(5)) }]}
            // Whole orders per day: straight segments and integer ticks (a smoothed curve draws values between days).
            yAxis={[{ tickMinStep: 1 }]}
            series={[
              {
                data: series.map((p) => p.created),
                label: 'Created',
                color: '#3B82F6',
                showMark: false,
                curve: 'linear',
              },
              {
                data: series.map((p) => p.shipped),
                label: 'Shipped',
                color: '#059669',
                showMark: false,
                curve: 'linear',
              },
            ]}
          />
        </Box>
      </SectionCard>
      <SectionCard title="Status breakdown">
        {withOrders.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No orders in this context.
          </Typography>
        ) : (
          <Box role="img" aria-label="Orders by status">
            <BarChart
              height={260}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: withOrders.map((s) => s.label), width: 110 }]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[{ data: withOrders.map((s) => s.count), label: 'Orders', color: '#6366F1' }]}
            />
          </Box>
        )}
      </SectionCard>
    </Box>
  );
}
