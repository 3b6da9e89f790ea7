import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { InvoiceLine } from '@wms/contract/invoices';
import { parseRate, rateText } from '@wms/contract/money';
import { useState } from 'react';

interface ManualLineDialogProps {
  line: InvoiceLine;
  busy: boolean;
  onSave: (values: { description: string; quantity: number; rate_micros: number }) => void;
  onCancel: () => void;
}

/** Edits a manual line of a draft invoice: description, whole quantity, rate with at most 4 decimals. */
export function ManualLineDialog({ line, busy, onSave, onCancel }: ManualLineDialogProps) {
  const [description, setDescription] = useState(line.description);
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [rate, setRate] = useState(rateText(line.rate_micros));
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const rateMicros = parseRate(rate);
    const units = Number(quantity);
    if (!description.trim() || rateMicros === null || !Number.isInteger(units) || units < 1) {
      setError('Enter a description, a whole quantity and a rate with at most 4 decimals.');
      return;
    }
    setError(null);
    onSave({ description, quantity: units, rate_micros: rateMicros });
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm">
      <DialogTitle>Edit manual line</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
          />
          <TextField label="Quantity" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          <TextField label="Rate" value={rate} onChange={(e) => setRate(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          Save line
        </Button>
      </DialogActions>
    </Dialog>
  );
}
