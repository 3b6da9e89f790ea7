import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import { LABEL_MAX_BYTES, ORDER_MESSAGES } from '@wms/contract/orders';
import {
  RETURN_CARRIER_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_TRACKING_MAX,
  type ReturnReason,
} from '@wms/contract/returns';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FileDrop } from '../../../components/FileDrop';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { orderReturnsQuery, returnOrderQuery, useAnnounceReturn, useUploadReturnLabel } from '../api';
import { returnableByItem } from '../returnable';

const PDF_RULES = {
  extensions: ['.pdf'],
  maxBytes: LABEL_MAX_BYTES,
  tooLargeMessage: ORDER_MESSAGES.labelTooLarge,
  invalidTypeMessage: ORDER_MESSAGES.labelNotPdf,
} as const;

interface LineState {
  quantity: string;
  reason: ReturnReason;
  reasonText: string;
}

/**
 * /orders/{id}/return: announce a return of a shipped order. Each line offers at most what shipped minus what
 * earlier returns took (the server checks it again; its field errors land on the lines); a reason per line (text
 * for "other"), carrier, tracking and an optional label PDF uploaded right after the return is created.
 */
export function AnnounceReturnPage() {
  const orderId = Number(useParams().id);
  const navigate = useNavigate();
  const order = useQuery({ ...returnOrderQuery(orderId), enabled: orderId > 0 });
  const [earlier] = useQueries({ queries: [{ ...orderReturnsQuery(orderId), enabled: orderId > 0 }] });
  const announce = useAnnounceReturn();
  const uploadLabel = useUploadReturnLabel();
  const [lines, setLines] = useState<Record<number, LineState>>({});
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [label, setLabel] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  if (!order.data || !earlier?.data) {
    return (
      <>
        <PageHeader title="Announce return" />
        {order.isError ? <Alert severity="error">Failed to load order</Alert> : <LoadingState label="Loading order…" />}
      </>
    );
  }
  const data = order.data;
  const returnable = returnableByItem(data.order_items, earlier.data);
  const lineOf = (itemId: number): LineState => lines[itemId] ?? { quantity: '', reason: 'not_wanted', reasonText: '' };
  const setLine = (itemId: number, patch: Partial<LineState>) =>
    setLines((previous) => ({ ...previous, [itemId]: { ...lineOf(itemId), ...patch } }));
  const items = data.order_items.filter((item) => item.quantity_shipped > 0);

  const submit = async () => {
    setErrors({});
    setProblem(null);
    const chosen = items.filter((item) => Number(lineOf(item.id).quantity) > 0);
    if (chosen.length === 0) {
      setProblem('Enter how many units of at least one item come back.');
      return;
    }
    try {
      const created = await announce.mutateAsync({
        order_id: data.id,
        lines: chosen.map((item) => {
          const line = lineOf(item.id);
          return {
            order_item_id: item.id,
            quantity: Number(line.quantity),
            reason: line.reason,
            ...(line.reason === 'other' ? { reason_text: line.reasonText } : {}),
          };
        }),
        ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
        ...(tracking.trim() ? { tracking_number: tracking.trim() } : {}),
      });
      notifySuccess(`Return ${created.rma_number} announced`);
      if (label) {
        // The return exists now: a refused label is said, and the detail page is where to try again.
        await uploadLabel
          .mutateAsync({ id: created.id, file: label })
          .catch((failure) =>
            notifyError(
              `The label was not kept: ${failureMessage(failure, 'the upload failed') ?? 'the upload failed'}`,
            ),
          );
      }
      navigate(`/returns/${created.id}`);
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 422 && Object.keys(failure.fieldErrors).length > 0) {
        // lines.{i}.field names the i-th line sent: put it on that order line's field.
        const placed: Record<string, string> = {};
        for (const [field, messages] of Object.entries(failure.fieldErrors)) {
          const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
          const item = match ? chosen[Number(match[1])] : undefined;
          placed[item && match ? `${item.id}.${match[2]}` : field] = messages.join(', ');
        }
        setErrors(placed);
      } else {
        setProblem(failureMessage(failure, 'The return could not be announced.'));
      }
    }
  };

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader
        title="Announce return"
        subtitle={`Order ${data.order_number} · ${data.account.name}`}
        actions={
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={`/orders/${data.id}`} color="inherit">
            Back
          </Button>
        }
      />
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {Object.entries(errors)
        .filter(([field]) => !/^\d+\./.test(field) && field !== 'carrier' && field !== 'tracking_number')
        .map(([field, message]) => (
          <Alert key={field} severity="error" sx={{ mb: 2 }}>
            {message}
          </Alert>
        ))}
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            What comes back
          </Typography>
          {items.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Nothing of this order has shipped.
            </Typography>
          )}
          <Stack spacing={3}>
            {items.map((item) => {
              const line = lineOf(item.id);
              const max = returnable.get(item.id) ?? 0;
              return (
                <Box key={item.id} data-testid={`announce-line-${item.sku}`}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.sku} · {item.product.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                    {item.quantity_shipped} shipped · {max} can still be returned
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      label={`Units of ${item.sku}`}
                      type="number"
                      value={line.quantity}
                      disabled={max === 0}
                      onChange={(event) => setLine(item.id, { quantity: event.target.value })}
                      error={Boolean(errors[`${item.id}.quantity`])}
                      helperText={errors[`${item.id}.quantity`] ?? `0 to ${max}`}
                      slotProps={{ htmlInput: { min: 0, max } }}
                      sx={{ width: { sm: 180 } }}
                    />
                    <TextField
                      select
                      label={`Reason for ${item.sku}`}
                      value={line.reason}
                      disabled={max === 0}
                      onChange={(event) => setLine(item.id, { reason: event.target.value as ReturnReason })}
                      error={Boolean(errors[`${item.id}.reason`])}
                      helperText={errors[`${item.id}.reason`]}
                      sx={{ width: { sm: 200 } }}
                    >
                      {RETURN_REASONS.map((reason) => (
                        <MenuItem key={reason} value={reason}>
                          {RETURN_REASON_LABELS[reason]}
                        </MenuItem>
                      ))}
                    </TextField>
                    {line.reason === 'other' && (
                      <TextField
                        label="Why it comes back"
                        value={line.reasonText}
                        onChange={(event) => setLine(item.id, { reasonText: event.target.value })}
                        error={Boolean(errors[`${item.id}.reason_text`])}
                        helperText={errors[`${item.id}.reason_text`]}
                        sx={{ flex: 1 }}
                      />
                    )}
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Parcel
          </Typography>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Carrier"
                value={carrier}
                onChange={(event) => setCarrier(event.target.value)}
                error={Boolean(errors.carrier)}
                helperText={errors.carrier}
                slotProps={{ htmlInput: { maxLength: RETURN_CARRIER_MAX } }}
                sx={{ flex: 1 }}
              />
              <TextField
                label="Tracking number"
                value={tracking}
                onChange={(event) => setTracking(event.target.value)}
                error={Boolean(errors.tracking_number)}
                helperText={errors.tracking_number}
                slotProps={{ htmlInput: { maxLength: RETURN_TRACKING_MAX } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <FileDrop
              rules={PDF_RULES}
              file={label}
              onFileChange={(next) => {
                setLabel(next);
                setErrors(({ label_file: _cleared, ...rest }) => rest);
              }}
              onReject={(message) => setErrors((previous) => ({ ...previous, label_file: message }))}
              label="Return label PDF (optional)"
              hint="PDF, up to 10 MB"
              error={errors.label_file}
              disabled={announce.isPending || uploadLabel.isPending}
            />
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={`/orders/${data.id}`} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={announce.isPending || uploadLabel.isPending}
        >
          Announce return
        </Button>
      </Stack>
    </Box>
  );
}
