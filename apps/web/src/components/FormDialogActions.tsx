import { Button, DialogActions } from '@mui/material';

interface FormDialogActionsProps {
  onCancel: () => void;
  submitting: boolean;
  /** What the button says while idle ('Add Warehouse', 'Save Changes'…); 'Saving…' while the request runs. */
  submitLabel: string;
}

/** Cancel and submit of a form dialog (the dialog's `<form>` submits); both wait while the save runs. */
export function FormDialogActions({ onCancel, submitting, submitLabel }: FormDialogActionsProps) {
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} color="inherit" disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={submitting}>
        {submitting ? 'Saving…' : submitLabel}
      </Button>
    </DialogActions>
  );
}
