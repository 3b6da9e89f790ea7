import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { RETURN_MESSAGES } from '@wms/contract/returns';
import { useState } from 'react';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifySuccess } from '../../../lib/notify';
import { findOrders, useAttachReturn } from '../api';

/**
 * An unidentified return (a parcel nobody announced, held in quarantine) attached to the order it turned out to come
 * from, found by its number. The server checks the account, the warehouse and that the order shipped these products
 * (beyond what earlier returns took); its refusal shows under the field.
 */
export function AttachOrderCard({ returnId }: { returnId: number }) {
  const attach = useAttachReturn();
  const [orderNumber, setOrderNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const code = orderNumber.trim();
    if (!code) return setProblem(RETURN_MESSAGES.orderRequired);
    setBusy(true);
    try {
      const found = await findOrders(code);
      const order = found.data.find(
        (candidate) => candidate.type !== 'merge_item' && candidate.order_number?.toLowerCase() === code.toLowerCase(),
      );
      if (!order) return setProblem(RETURN_MESSAGES.orderNotFound);
      const { data } = await attach.mutateAsync({ id: returnId, orderId: order.id });
      setProblem(null);
      notifySuccess(`${data.rma_number} now belongs to ${order.order_number ?? code}.`);
    } catch (failure) {
      const fieldProblem = failure instanceof HttpError ? failure.fieldErrors.order_id?.[0] : undefined;
      setProblem(fieldProblem ?? failureMessage(failure, 'The return could not be attached.') ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Attach to an order
        </Typography>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} noValidate onSubmit={submit}>
          <TextField
            label="Order number"
            value={orderNumber}
            onChange={(event) => setOrderNumber(event.target.value)}
            error={problem !== null}
            helperText={problem ?? 'The order this parcel came from: its products must have shipped with it.'}
            size="small"
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: { sm: 'flex-start' } }}>
            Attach
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
