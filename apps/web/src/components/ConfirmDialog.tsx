import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** Spec 1 §5: deletions use 'Confirm Deletion'. */
  title: string;
  text: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deletions and other irreversible actions). Default true. */
  destructive?: boolean;
  /** While the action runs: both buttons disabled, the dialog cannot be dismissed, a spinner on confirm. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action (DESIGN §7: every destructive action confirms). The caller owns the action:
 * it sets `busy` while the request runs and closes the dialog (open=false) when it is done.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    text,
    confirmLabel = 'Delete',
    cancelLabel = 'Cancel',
    destructive = true,
    busy = false,
  } = props;
  const { onConfirm, onCancel } = props;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          autoFocus
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
