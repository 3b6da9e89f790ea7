import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { rejectionSchema } from '../shipment-form';

interface ReviewDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
}

/** Reject with a required reason (spec 2 §5: 'Please provide a reason for rejection'). */
export function RejectDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: ReviewDialogProps & { onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);
  const submit = () => {
    const parsed = rejectionSchema.safeParse({ rejection_reason: reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onConfirm(parsed.data.rejection_reason);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="reject-title">
      <DialogTitle id="reject-title">Reject Shipment</DialogTitle>
      <DialogContent>
        <TextField
          id="rejection_reason"
          label="Reason for rejection"
          required
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 1 }}
          error={Boolean(error)}
          helperText={error ?? 'The client sees this reason.'}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={submit}
        >
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
