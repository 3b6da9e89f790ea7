import AssignmentLateOutlined from '@mui/icons-material/AssignmentLateOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import { Alert, Box, Button, Grid, MenuItem, Skeleton, Stack, TextField } from '@mui/material';
import { DASHBOARD_MESSAGES, DASHBOARD_TIMEFRAMES, DEFAULT_TIMEFRAME_DAYS } from '@wms/contract/dashboard';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { dashboardQuery, inquiryStatisticsQuery, useRefreshDashboard } from '../api';
import { ExpiringSoonCard } from '../components/ExpiringSoonCard';
import { InquiryOverview } from '../components/InquiryOverview';
import { InventoryAccuracyCard } from '../components/InventoryAccuracyCard';
import { LowStockAlert } from '../components/LowStockAlert';
import { OrderStatusOverview } from '../components/OrderStatusOverview';
import { ProfileCard } from '../components/ProfileCard';
import { QuickActions } from '../components/QuickActions';
import { RecentActivity } from '../components/RecentActivity';
import { RecentOrders } from '../components/RecentOrders';
import { ReplenishmentCard } from '../components/ReplenishmentCard';
import { ReturnsCard } from '../components/ReturnsCard';
import { StatCard } from '../components/StatCard';
import { TopList } from '../components/TopList';
import { WarehouseOverview } from '../components/WarehouseOverview';

const OrderCharts = lazy(() => import('../components/OrderCharts'));

const parseTimeframe = (value: string | null): number => {
  const days = Number(value);
  return (DASHBOARD_TIMEFRAMES as readonly number[]).includes(days) ? days : DEFAULT_TIMEFRAME_DAYS;
};

/** Spec 1 §2.5: the role-specific overview of the working context, for a timeframe kept in the URL. */
export function DashboardPage() {
  const { user } = useSession();
  const refresh = useRefreshDashboard();
  const [params, setParams] = useSearchParams();
  const timeframe = parseTimeframe(params.get('timeframe'));
  const dashboard = useContextQuery((context) => dashboardQuery(context, timeframe));
  const inquiries = useContextQuery((context) => ({
    ...inquiryStatisticsQuery(context),
    enabled: hasPermission(user, 'view inquiries'),
  }));
  useFailureNotice(dashboard.error, DASHBOARD_MESSAGES.loadFailed);
  useFailureNotice(inquiries.error, DASHBOARD_MESSAGES.inquiryStatsFailed);
  if (!user) return null;

  const isManager = userAllows(user, 'seeOperationsDashboard');
  const data = dashboard.data;
  const overview = data?.overview;
  const period = `${overview?.orders_this_period ?? 0} this period`;

  return (
    <>
      <PageHeader
        title={`Welcome back, ${user.name}`}
        subtitle={`Here is what is happening over the last ${timeframe} days.`}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Timeframe"
              value={timeframe}
              onChange={(event) => setParams({ timeframe: event.target.value }, { replace: true })}
              sx={{ minWidth: 140 }}
            >
              {DASHBOARD_TIMEFRAMES.map((days) => (
                <MenuItem key={days} value={days}>
                  Last {days} days
                </MenuItem>
              ))}
            </TextField>
            <Button startIcon={<RefreshIcon />} onClick={() => void refresh()} variant="outlined">
              Refresh
            </Button>
          </Stack>
        }
      />
      {dashboard.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {DASHBOARD_MESSAGES.loadFailed}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            label="Total Orders"
            value={overview?.total_orders}
            caption={period}
            icon={<ShoppingCartOutlined />}
            to="/orders"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            label="Delayed Orders"
            value={overview?.delayed_orders}
            caption="Open past their ship date"
            icon={<AssignmentLateOutlined />}
          />
        </Grid>
        {isManager ? (
          <>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Pending Orders"
                value={overview?.pending_orders}
                icon={<PendingActionsOutlined />}
                to="/orders?status=pending"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Shipped Orders"
                value={overview?.shipped_orders}
                caption="Shipped this period"
                icon={<LocalShippingOutlined />}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <ExpiringSoonCard expiring={data?.inventory.expiring_soon} />
            </Grid>
          </>
        ) : (
          <>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Total Products"
                value={overview?.total_products}
                caption={`${overview?.low_stock_items ?? 0} low stock`}
                icon={<Inventory2Outlined />}
                to="/products"
              />
            </Grid>
            {hasPermission(user, 'view warehouses') && (
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard
                  label="Active Warehouses"
                  value={overview?.active_warehouses}
                  // Counts every warehouse the user reaches, not only the header's one: the caption says so.
                  caption={`of ${overview?.total_warehouses ?? 0} you can access`}
                  icon={<WarehouseOutlined />}
                  to="/warehouses"
                />
              </Grid>
            )}
          </>
        )}
        {hasPermission(user, 'view cycle counts') && (
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <InventoryAccuracyCard />
          </Grid>
        )}
        {hasPermission(user, 'view replenishment') && (
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <ReplenishmentCard />
          </Grid>
        )}

        {hasPermission(user, 'view inquiries') && (
          <Grid size={12}>
            <InquiryOverview stats={inquiries.data} />
          </Grid>
        )}

        <Grid size={12}>
          {data ? (
            <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
              <OrderCharts data={data} />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={320} />
          )}
        </Grid>

        {data ? (
          <>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <OrderStatusOverview byStatus={data.orders.by_status} />
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <RecentOrders orders={data.orders.recent_orders} />
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              {isManager ? (
                <TopList
                  title="Top Accounts by Orders"
                  empty="No orders in this period."
                  items={data.charts.top_accounts.map((a) => ({
                    key: a.id,
                    primary: a.name,
                    value: a.orders_count,
                    valueLabel: a.orders_count === 1 ? 'order' : 'orders',
                  }))}
                />
              ) : (
                <TopList
                  title="Top Selling Products"
                  empty="Nothing shipped in this period."
                  items={data.charts.top_products.map((p) => ({
                    key: p.product_id,
                    primary: p.name,
                    secondary: p.sku,
                    value: p.total_quantity,
                    valueLabel: 'sold',
                  }))}
                />
              )}
            </Grid>
            {hasPermission(user, 'view returns') && (
              <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                <ReturnsCard returns={data.returns} days={timeframe} />
              </Grid>
            )}
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <ProfileCard user={user} />
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <QuickActions isManager={isManager} />
            </Grid>
            {!isManager && (
              <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                <LowStockAlert items={data.inventory.low_stock_items} />
              </Grid>
            )}
            {hasPermission(user, 'view warehouses') && (
              <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                <WarehouseOverview warehouses={data.warehouses} />
              </Grid>
            )}
            <Grid size={{ xs: 12, md: 6, lg: 8 }}>
              <RecentActivity items={data.recent_activity} />
            </Grid>
          </>
        ) : (
          [0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>
              <Box>
                <Skeleton variant="rounded" height={220} />
              </Box>
            </Grid>
          ))
        )}
      </Grid>
    </>
  );
}
