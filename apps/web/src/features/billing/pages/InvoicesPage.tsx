import { Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { billableAccountsQuery, invoicesQuery, runningChargesQuery } from '../api';
import { ChargeGroups } from '../components/ChargeGroups';
import { InvoiceList } from '../components/InvoiceList';

/** Staff have no working account: the first active account, else the first one. */
const firstActive = (accounts: { id: number; status?: string }[]) =>
  (accounts.find((a) => a.status === 'active') ?? accounts[0])?.id ?? null;

/**
 * /invoices (`view invoices`): a client's finalized invoices with their PDFs, and the running charges of
 * the current month (not yet invoiced) of one of their accounts. The server keeps both to the caller's accounts.
 * It opens on the header's working account, not on the first name of the list.
 */
export function InvoicesPage() {
  const accounts = useQuery(billableAccountsQuery());
  const working = useWorkingContext();
  const [chosen, setChosen] = useState('');
  const accountId = chosen ? Number(chosen) : (working.accountId ?? firstActive(accounts.data?.data ?? []));
  const running = useQuery(runningChargesQuery(accountId));
  const invoices = useQuery(invoicesQuery(accountId ? { account_id: accountId } : {}));

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState message={accounts.error.message} onRetry={() => accounts.refetch()} />;

  return (
    <>
      <PageHeader title="Invoices" subtitle="Your invoices and this month's charges so far." />
      <TextField
        select
        size="small"
        label="Billed account"
        value={accountId ? String(accountId) : ''}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ minWidth: 220, mb: 2 }}
      >
        {accounts.data.data.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Running charges this month
          </Typography>
          {running.isPending && accountId !== null && <LoadingState />}
          {running.isError && <ErrorState message={running.error.message} onRetry={() => running.refetch()} />}
          {running.data && (
            <ChargeGroups
              groups={running.data.preview.groups}
              currency={running.data.preview.currency}
              total={running.data.preview.total_cents}
            />
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Invoices
          </Typography>
          {invoices.isPending && <LoadingState />}
          {invoices.isError && <ErrorState message={invoices.error.message} onRetry={() => invoices.refetch()} />}
          {invoices.data && <InvoiceList invoices={invoices.data.data} />}
        </CardContent>
      </Card>
    </>
  );
}
