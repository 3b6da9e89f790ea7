import { Alert, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_MESSAGES, type InvoiceLine } from '@wms/contract/invoices';
import { parseRate } from '@wms/contract/money';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { notifySuccess } from '../../../lib/notify';
import { downloadInvoicePdf, downloadInvoiceSheet, type InvoiceChange, invoiceQuery, useChangeInvoice } from '../api';
import { ChargeGroups } from './ChargeGroups';
import { ManualLineDialog } from './ManualLineDialog';

/**
 * One invoice for staff: its grouped lines; on a draft, manual lines (added, edited, deleted) and Finalize; on a
 * finalized one, Void.
 */
export function InvoicePanel({ id }: { id: number }) {
  const invoice = useQuery(invoiceQuery(id));
  const change = useChangeInvoice(id);
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [rate, setRate] = useState('');
  const [lineError, setLineError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'finalize' | 'void' | null>(null);
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState<InvoiceLine | null>(null);
  const [deleting, setDeleting] = useState<InvoiceLine | null>(null);

  if (invoice.isPending) return <LoadingState />;
  if (invoice.isError) return <ErrorState message={invoice.error.message} onRetry={() => invoice.refetch()} />;
  const data = invoice.data.invoice;
  const finalizeReasonId = `finalize-reason-${id}`;
  // Pending until the invoices are read again, whatever the outcome.
  const busy = change.isPending;

  const run = async (request: InvoiceChange) => {
    try {
      notifySuccess((await change.mutateAsync(request)).message);
    } catch {
      // The API client already announced the refusal (e.g. a 409); the hook re-read what is true now.
    } finally {
      setConfirming(null);
      setEditing(null);
      setDeleting(null);
    }
  };
  // Only a draft's manual lines change; derived lines follow the facts (create the draft again).
  const lineActions =
    data.status === 'draft'
      ? (line: InvoiceLine) =>
          line.source === 'manual' ? (
            <>
              <Button size="small" onClick={() => setEditing(line)} aria-label={`Edit line ${line.description}`}>
                Edit
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => setDeleting(line)}
                aria-label={`Delete line ${line.description}`}
              >
                Delete
              </Button>
            </>
          ) : null
      : undefined;

  const addLine = async () => {
    const rateMicros = parseRate(rate);
    const units = Number(quantity);
    if (!description.trim() || rateMicros === null || !Number.isInteger(units) || units < 1) {
      setLineError('Enter a description, a whole quantity and a rate with at most 4 decimals.');
      return;
    }
    setLineError(null);
    await run({ kind: 'add-line', line: { description, quantity: units, rate_micros: rateMicros } });
    setDescription('');
    setRate('');
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {data.number ?? 'Draft invoice'} · {data.account_name} · {data.period_from} – {data.period_to}
          </Typography>
          <Chip label={data.status} color={data.status === 'finalized' ? 'success' : 'default'} />
          <Button variant="outlined" onClick={() => downloadInvoicePdf(data)}>
            PDF
          </Button>
          <Button variant="outlined" onClick={() => downloadInvoiceSheet(data, 'csv')}>
            CSV
          </Button>
          <Button variant="outlined" onClick={() => downloadInvoiceSheet(data, 'xlsx')}>
            XLSX
          </Button>
          {data.status === 'draft' && (
            <Button
              variant="contained"
              disabled={busy || !data.period_ended}
              onClick={() => setConfirming('finalize')}
              aria-describedby={data.period_ended ? undefined : finalizeReasonId}
            >
              Finalize
            </Button>
          )}
          {data.status === 'finalized' && (
            <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirming('void')}>
              Void
            </Button>
          )}
        </Stack>
        {data.status === 'draft' && !data.period_ended && (
          <Alert severity="info" id={finalizeReasonId} sx={{ mb: 2 }}>
            {INVOICE_MESSAGES.periodNotEnded}
          </Alert>
        )}
        {data.void_reason && <Typography sx={{ mb: 2 }}>Void: {data.void_reason}</Typography>}
        <ChargeGroups groups={data.groups} currency={data.currency} total={data.total_cents} actions={lineActions} />
        {data.status === 'draft' && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <TextField
              size="small"
              label="Manual line description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              error={Boolean(lineError)}
              helperText={lineError ?? undefined}
              sx={{ flexGrow: 1 }}
            />
            <TextField size="small" label="Quantity" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            <TextField size="small" label="Rate" value={rate} onChange={(e) => setRate(e.target.value)} />
            <Button variant="outlined" disabled={busy} onClick={addLine}>
              Add line
            </Button>
          </Stack>
        )}
      </CardContent>
      {editing && (
        <ManualLineDialog
          line={editing}
          busy={busy}
          onSave={(values) => run({ kind: 'update-line', lineId: editing.id, line: values })}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Deletion"
        text={`Delete the line “${deleting?.description ?? ''}” from this draft?`}
        busy={busy}
        onConfirm={() => deleting && run({ kind: 'delete-line', lineId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={confirming === 'finalize'}
        title="Finalize invoice"
        text="The invoice gets its number and its lines and total can no longer change."
        confirmLabel="Finalize"
        busy={busy}
        onConfirm={() => run({ kind: 'finalize' })}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'void'}
        title="Void invoice"
        destructive
        text={
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            size="small"
            sx={{ mt: 1 }}
          />
        }
        confirmLabel="Void"
        busy={busy}
        onConfirm={() => run({ kind: 'void', reason })}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
