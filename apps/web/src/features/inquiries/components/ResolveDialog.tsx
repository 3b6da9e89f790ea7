import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { INQUIRY_MESSAGES } from '@wms/contract/inquiries';
import { useState } from 'react';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResolveInquiry } from '../api';

interface ResolveDialogProps {
  inquiryId: number | null;
  onClose: () => void;
}

/** Staff answer an inquiry and mark it resolved (spec 2 §4–§5: a blank response is refused). */
export function ResolveDialog({ inquiryId, onClose }: ResolveDialogProps) {
  const resolveInquiry = useResolveInquiry();
  const [response, setResponse] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setResponse('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (inquiryId === null) return;
    if (!response.trim()) {
      setError(INQUIRY_MESSAGES.responseRequired);
      return;
    }
    setSaving(true);
    try {
      const saved = await resolveInquiry.mutateAsync({ id: inquiryId, response });
      notifySuccess(saved.message);
      close();
    } catch (caught) {
      if (isValidationError(caught))
        setError(Object.values(caught.fieldErrors).flat()[0] ?? caught.serverMessage ?? INQUIRY_MESSAGES.resolveFailed);
      else notifyError(INQUIRY_MESSAGES.resolveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={inquiryId !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Resolve inquiry</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label="Response"
          multiline
          minRows={4}
          fullWidth
          margin="dense"
          value={response}
          onChange={(event) => {
            setResponse(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? 'The client sees this answer on the inquiry.'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={saving}>
          Resolve
        </Button>
      </DialogActions>
    </Dialog>
  );
}
