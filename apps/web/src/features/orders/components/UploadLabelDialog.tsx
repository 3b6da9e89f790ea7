import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  LinearProgress,
  MenuItem,
  TextField,
} from '@mui/material';
import { LABEL_MAX_BYTES, LABEL_TYPE_LABELS, LABEL_TYPES, type LabelType, ORDER_MESSAGES } from '@wms/contract/orders';
import { useEffect, useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { HttpError } from '../../../lib/api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUploadOrderLabel } from '../api';
import { orderFailure } from '../order-failure';

const PDF_RULES = {
  extensions: ['.pdf'],
  maxBytes: LABEL_MAX_BYTES,
  tooLargeMessage: ORDER_MESSAGES.labelTooLarge,
  invalidTypeMessage: ORDER_MESSAGES.labelNotPdf,
} as const;

interface UploadLabelDialogProps {
  /** The order to attach the label to; null = closed. */
  order: { id: number; order_number: string } | null;
  onClose: () => void;
}

/** POST orders/{id}/labels (spec 2 §5 Label upload): name and PDF required, type shipping by default. */
export function UploadLabelDialog({ order, onClose }: UploadLabelDialogProps) {
  const uploadOrderLabel = useUploadOrderLabel();
  const [name, setName] = useState('');
  const [type, setType] = useState<LabelType>('shipping');
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!order) return;
    setName('');
    setType('shipping');
    setTracking('');
    setCarrier('');
    setFile(null);
    setErrors({});
    setProgress(null);
  }, [order]);

  const busy = progress !== null;
  const submit = async () => {
    if (!order) return;
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.label_name = ORDER_MESSAGES.labelNameRequired;
    if (!file) problems.label_file = ORDER_MESSAGES.labelFileRequired;
    if (Object.keys(problems).length > 0) {
      setErrors({ ...problems, form: ORDER_MESSAGES.labelFieldsRequired });
      return;
    }
    const form = new FormData();
    form.append('label_name', name.trim());
    form.append('label_type', type);
    if (tracking.trim()) form.append('tracking_number', tracking.trim());
    if (carrier.trim()) form.append('carrier', carrier.trim());
    form.append('label_file', file as File);
    setProgress(0);
    try {
      const answer = await uploadOrderLabel.mutateAsync({ orderId: order.id, form, onProgress: setProgress });
      notifySuccess(answer.message || ORDER_MESSAGES.labelUploaded);
      onClose();
    } catch (error) {
      setProgress(null);
      if (error instanceof HttpError && error.status === 422) {
        const placed: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) placed[field] = messages.join(', ');
        setErrors(
          Object.keys(placed).length > 0 ? placed : { form: error.serverMessage ?? ORDER_MESSAGES.labelUploadFailed },
        );
        return;
      }
      const message = orderFailure(error, ORDER_MESSAGES.labelUploadFailed);
      if (message) notifyError(message);
    }
  };

  return (
    <Dialog open={order !== null} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Upload Label{order ? ` — ${order.order_number}` : ''}</DialogTitle>
      <DialogContent>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 7 }}>
            <TextField
              label="Label Name"
              required
              fullWidth
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.label_name)}
              helperText={errors.label_name}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <TextField
              select
              label="Label Type"
              fullWidth
              value={type}
              onChange={(event) => setType(event.target.value as LabelType)}
            >
              {LABEL_TYPES.map((option) => (
                <MenuItem key={option} value={option}>
                  {LABEL_TYPE_LABELS[option]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Tracking Number"
              fullWidth
              value={tracking}
              onChange={(event) => setTracking(event.target.value)}
              error={Boolean(errors.tracking_number)}
              helperText={errors.tracking_number}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Carrier"
              fullWidth
              value={carrier}
              onChange={(event) => setCarrier(event.target.value)}
              error={Boolean(errors.carrier)}
              helperText={errors.carrier}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Grid>
          <Grid size={12}>
            <FileDrop
              rules={PDF_RULES}
              file={file}
              onFileChange={(next) => {
                setFile(next);
                setErrors(({ label_file: _cleared, ...rest }) => rest);
              }}
              onReject={(message) => setErrors((previous) => ({ ...previous, label_file: message }))}
              label="Label PDF"
              hint="PDF, up to 10 MB"
              error={errors.label_file}
              disabled={busy}
            />
          </Grid>
        </Grid>
        {busy && (
          <LinearProgress
            variant="determinate"
            value={(progress ?? 0) * 100}
            sx={{ mt: 2 }}
            aria-label="Upload progress"
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
