import { Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ManualChargeListItem } from '@wms/contract/billing';
import { PAGE_SIZES } from '@wms/contract/paging';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { ListPager } from '../../../components/ListPager';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { useListParams, useUrlParams } from '../../../lib/use-list-params';
import { billableAccountsQuery, manualChargesQuery, rateCardsQuery, useDeleteManualCharge } from '../api';
import { BillingTabs } from '../components/BillingTabs';
import { ManualChargeForm } from '../components/ManualChargeForm';
import { ManualChargeTable } from '../components/ManualChargeTable';

/**
 * /billing/manual-charges (staff with `manage billing`): add a value-added service to an account on a
 * day, list charges by account and days (filters in the URL), delete one unless a finalized invoice covers its day.
 */
export function ManualChargesPage() {
  const { params, update } = useUrlParams();
  const list = useListParams(PAGE_SIZES);
  const accountId = Number(params.get('account_id')) || undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const accounts = useQuery(billableAccountsQuery());
  const cards = useQuery(rateCardsQuery());
  const charges = useQuery(
    manualChargesQuery({
      page: list.page,
      per_page: list.perPage,
      ...(accountId ? { account_id: accountId } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }),
  );
  const [deleting, setDeleting] = useState<ManualChargeListItem | null>(null);
  const deleteCharge = useDeleteManualCharge();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      notifySuccess((await deleteCharge.mutateAsync(deleting.id)).message);
    } finally {
      setDeleting(null);
    }
  };

  const currency = cards.data?.currency ?? 'USD';
  return (
    <>
      <PageHeader title="Manual charges" subtitle="Value-added services billed by hand." scope="All accounts" />
      <BillingTabs />
      {accounts.isPending && <LoadingState />}
      {accounts.isError && <ErrorState message={accounts.error.message} onRetry={() => accounts.refetch()} />}
      {accounts.data && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Add a manual charge
            </Typography>
            <ManualChargeForm accounts={accounts.data.data} />
          </CardContent>
        </Card>
      )}
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Charges
            </Typography>
            <TextField
              select
              size="small"
              label="Account"
              value={accountId ? String(accountId) : ''}
              onChange={(e) => update({ account_id: e.target.value })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">All accounts</MenuItem>
              {(accounts.data?.data ?? []).map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="date"
              label="From"
              value={from}
              onChange={(e) => update({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="To"
              value={to}
              onChange={(e) => update({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          {charges.isPending && <LoadingState />}
          {charges.isError && <ErrorState message={charges.error.message} onRetry={() => charges.refetch()} />}
          {charges.data && (
            <>
              <ManualChargeTable charges={charges.data.data} currency={currency} onDelete={setDeleting} />
              <ListPager
                total={charges.data.meta.total}
                totalIsCapped={charges.data.meta.total_is_capped}
                page={list.page}
                perPage={list.perPage}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={list.setPage}
                onPerPageChange={list.setPerPage}
              />
            </>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Deletion"
        text={deleting ? `Delete the manual charge "${deleting.description}" of ${deleting.charge_date}?` : ''}
        busy={deleteCharge.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
