import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@wms/contract/money';
import { lazy, type ReactNode, Suspense } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { billingDashboardQuery } from '../api';
import { BillingTabs } from '../components/BillingTabs';
import { accountTotalRows, chargeTypeTotalRows, TotalsTable } from '../components/TotalsTable';

const RevenueChart = lazy(() => import('../components/RevenueChart'));

const NO_REVENUE = 'No finalized invoices in these months.';
const NO_UNBILLED = 'No charges yet this month.';
const twoColumns = { xs: '1fr', lg: '1fr 1fr' };

function Section({ title, total, children }: { title: string; total?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ mb: 1.5, alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {total && <Typography sx={{ fontWeight: 600 }}>{total}</Typography>}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /billing/dashboard (staff with `manage billing`): revenue of finalized invoices over the last 12 months
 * (per month, by account, by charge type) and this month's charges not yet invoiced, per account and charge type.
 */
export function BillingDashboardPage() {
  const query = useQuery(billingDashboardQuery());
  const header = (
    <>
      <PageHeader
        title="Billing dashboard"
        subtitle="Revenue of finalized invoices and this month's charges not yet invoiced."
        scope="All accounts"
      />
      <BillingTabs />
    </>
  );
  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      </>
    );
  }
  const { revenue, unbilled, currency } = query.data.dashboard;
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <>
      {header}
      <Stack spacing={3}>
        <Section
          title={`Revenue per month (${revenue.from_month} – ${revenue.to_month})`}
          total={money(revenue.total_cents)}
        >
          <Suspense fallback={<LoadingState />}>
            <RevenueChart revenue={revenue} currency={currency} />
          </Suspense>
        </Section>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: twoColumns }}>
          <Section title="Revenue by account">
            <TotalsTable
              label="Revenue by account"
              nameHeading="Account"
              countHeading="Invoices"
              rows={accountTotalRows(revenue.by_account)}
              currency={currency}
              empty={NO_REVENUE}
            />
          </Section>
          <Section title="Revenue by charge type">
            <TotalsTable
              label="Revenue by charge type"
              nameHeading="Charge type"
              rows={chargeTypeTotalRows(revenue.by_charge_type)}
              currency={currency}
              empty={NO_REVENUE}
            />
          </Section>
        </Box>
        <Section title={`Unbilled this month (${unbilled.from} – ${unbilled.to})`} total={money(unbilled.total_cents)}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: twoColumns }}>
            <TotalsTable
              label="Unbilled by account"
              nameHeading="Account"
              rows={accountTotalRows(unbilled.by_account)}
              currency={currency}
              empty={NO_UNBILLED}
            />
            <TotalsTable
              label="Unbilled by charge type"
              nameHeading="Charge type"
              rows={chargeTypeTotalRows(unbilled.by_charge_type)}
              currency={currency}
              empty={NO_UNBILLED}
            />
          </Box>
        </Section>
      </Stack>
    </>
  );
}
