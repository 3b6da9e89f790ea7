import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { BillingPeriod } from '@wms/contract/billing';
import { INVOICE_STATUSES, type InvoiceStatus } from '@wms/contract/invoices';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { billableAccountsQuery, invoicesQuery, previewQuery, useCreateInvoice } from '../api';
import { BillingTabs } from '../components/BillingTabs';
import { ChargeGroups } from '../components/ChargeGroups';
import { InvoiceList } from '../components/InvoiceList';
import { InvoicePanel } from '../components/InvoicePanel';
import { monthBounds } from '../period';

/**
 * /billing (staff with `manage billing`): an account and a period (a calendar month, or any range) →
 * the preview of its charges with their evidence → a draft invoice → manual lines → finalize → PDF; and every
 * invoice, filtered by status, to open or void.
 */
export function BillingPage() {
  const createInvoice = useCreateInvoice();
  const accounts = useQuery(billableAccountsQuery());
  const [accountId, setAccountId] = useState('');
  const [month, setMonth] = useState(new Date().toISOString().slice(0, 7));
  const [range, setRange] = useState(() => monthBounds(new Date().toISOString().slice(0, 7)));
  const [period, setPeriod] = useState<BillingPeriod | null>(null);
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [openId, setOpenId] = useState<number | null>(null);
  const preview = useQuery(previewQuery(period));
  const invoices = useQuery(invoicesQuery(status ? { status } : {}));

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState message={accounts.error.message} onRetry={() => accounts.refetch()} />;

  const showPreview = () => {
    if (accountId) setPeriod({ account_id: Number(accountId), ...range });
  };
  const draft = async () => {
    if (!period) return;
    // A refusal (409: those days are already invoiced) was announced by the API client: nothing more to do.
    const saved = await createInvoice.mutateAsync(period).catch(() => null);
    if (!saved) return;
    notifySuccess(saved.message);
    setOpenId(saved.invoice.id);
  };

  return (
    <>
      <PageHeader
        title="Billing"
        subtitle="Charges derived from what the warehouse did, and invoices."
        scope="All accounts"
      />
      <BillingTabs />
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <TextField
              select
              size="small"
              label="Account"
              value={accountId}
              onChange={(e) => setAccountId(e.target.value)}
              sx={{ minWidth: 220 }}
            >
              {accounts.data.data.map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="month"
              label="Month"
              value={month}
              onChange={(e) => {
                setMonth(e.target.value);
                if (e.target.value) setRange(monthBounds(e.target.value));
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="From"
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="To"
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="contained" onClick={showPreview} disabled={!accountId}>
              Preview
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {period && (
        <Card variant="outlined" sx={{ mt: 3 }}>
          <CardContent>
            <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                Preview
              </Typography>
              <Button variant="contained" onClick={draft} disabled={!preview.data}>
                Create draft invoice
              </Button>
            </Stack>
            {preview.isPending && <LoadingState />}
            {preview.isError && <ErrorState message={preview.error.message} onRetry={() => preview.refetch()} />}
            {preview.data && preview.data.preview.derived_until < preview.data.preview.to && (
              // Days that have not happened yet carry no storage or other derived charge.
              <Alert severity="info" sx={{ mb: 2 }} data-testid="derived-until">
                {preview.data.preview.derived_until < preview.data.preview.from
                  ? 'This period has not begun: no derived charges yet (manual charges and the monthly minimum only).'
                  : `Derived charges (storage, receiving, fulfilment…) are counted up to today, ${preview.data.preview.derived_until}; the days after it are charged once they have happened.`}
              </Alert>
            )}
            {preview.data && (
              <ChargeGroups
                groups={preview.data.preview.groups}
                currency={preview.data.preview.currency}
                total={preview.data.preview.total_cents}
              />
            )}
          </CardContent>
        </Card>
      )}

      {openId !== null && <InvoicePanel key={openId} id={openId} />}

      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Invoices
            </Typography>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">All</MenuItem>
              {INVOICE_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {invoices.isPending && <LoadingState />}
          {invoices.isError && <ErrorState message={invoices.error.message} onRetry={() => invoices.refetch()} />}
          {invoices.data && <InvoiceList invoices={invoices.data.data} onOpen={setOpenId} />}
        </CardContent>
      </Card>
    </>
  );
}
