import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MERGE_MIN_ORDERS, MERGE_PDF_MAX_BYTES, ORDER_MESSAGES, type Order } from '@wms/contract/orders';
import { useEffect, useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { HttpError } from '../../../lib/api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateMergeItem } from '../api';
import { orderFailure } from '../order-failure';

const PDF_RULES = {
  extensions: ['.pdf'],
  maxBytes: MERGE_PDF_MAX_BYTES,
  tooLargeMessage: ORDER_MESSAGES.mergePdfRejected,
  invalidTypeMessage: ORDER_MESSAGES.mergePdfRejected,
} as const;

interface MergeDialogProps {
  open: boolean;
  orders: Order[];
  onClose: () => void;
  onMerged: () => void;
}

/** POST merge-items (spec 2 §5 Merge item): a title, at least 2 orders, an optional PDF. */
export function MergeDialog({ open, orders, onClose, onMerged }: MergeDialogProps) {
  const createMergeItem = useCreateMergeItem();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setFile(null);
    setError(null);
    setFileError(null);
  }, [open]);

  const submit = async () => {
    if (!title.trim()) return setError(ORDER_MESSAGES.mergeTitleRequired);
    if (orders.length < MERGE_MIN_ORDERS) return setError(ORDER_MESSAGES.mergeAtLeastTwo);
    // The server refuses these too (422 on order_ids, shown below); saying so here saves the upload.
    if (new Set(orders.map((order) => order.warehouse.id)).size > 1) return setError(ORDER_MESSAGES.mergeOneWarehouse);
    if (new Set(orders.map((order) => order.account.id)).size > 1) return setError(ORDER_MESSAGES.mergeOneAccount);
    const form = new FormData();
    form.append('title', title.trim());
    form.append('order_ids', JSON.stringify(orders.map((order) => order.id)));
    if (file) form.append('pdf_file', file);
    setBusy(true);
    try {
      const answer = await createMergeItem.mutateAsync(form);
      notifySuccess(answer.message || ORDER_MESSAGES.mergeCreated);
      onMerged();
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 422) {
        setError(
          Object.values(failure.fieldErrors).flat().join('\n') ||
            failure.serverMessage ||
            ORDER_MESSAGES.mergeCreateFailed,
        );
      } else {
        const message = orderFailure(failure, ORDER_MESSAGES.mergeCreateFailed);
        if (message) notifyError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Merge Orders</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {error}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {orders.length} orders selected: {orders.map((order) => order.order_number).join(', ')}
          </Typography>
          <TextField
            label="Title"
            required
            fullWidth
            autoFocus
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <FileDrop
            rules={PDF_RULES}
            file={file}
            onFileChange={(next) => {
              setFile(next);
              setFileError(null);
            }}
            onReject={setFileError}
            label="Merge PDF (optional)"
            hint="PDF, up to 10 MB. Without one, the orders' labels are combined into one PDF."
            error={fileError}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Merge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
