import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, accountHoldsRecords } from '@wms/contract/accounts';
import type { Account } from '@wms/contract/entities';
import { accountHoldingsQuery } from '../api';

interface DeleteAccountDialogProps {
  /** The account to delete; kept by the caller while the dialog fades out. */
  account: Account | null;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Deleting an account: the dialog first says what the account holds. One that holds products,
 * stock or orders cannot be deleted (the server refuses with 409), so it says so and offers no Delete button;
 * an empty one asks the spec's question (spec 1 §5 'Confirm Deletion').
 */
export function DeleteAccountDialog({ account, open, busy, onConfirm, onCancel }: DeleteAccountDialogProps) {
  const holdings = useQuery({ ...accountHoldingsQuery(account?.id ?? 0), enabled: open && account !== null });
  const name = account?.name ?? '';
  const blocked = holdings.data !== undefined && accountHoldsRecords(holdings.data);
  const checking = holdings.isPending && open;

  let text: string;
  if (checking) text = `Checking what ${name} holds…`;
  else if (blocked && holdings.data) text = ACCOUNT_MESSAGES.holds(name, holdings.data);
  else if (holdings.data) text = `${ACCOUNT_MESSAGES.holdsNothing(name)} Are you sure you want to delete ${name}?`;
  // The count could not be read: ask as before; the server still refuses what it must.
  else text = `Are you sure you want to delete ${name}?`;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-text"
    >
      <DialogTitle id="delete-account-title">{blocked ? 'Cannot Delete Account' : 'Confirm Deletion'}</DialogTitle>
      {checking && <LinearProgress aria-label="Checking the account" />}
      <DialogContent>
        <DialogContentText id="delete-account-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit" autoFocus={blocked}>
          {blocked ? 'Close' : 'Cancel'}
        </Button>
        {!blocked && (
          <Button
            onClick={onConfirm}
            disabled={busy || checking}
            variant="contained"
            color="error"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            autoFocus
          >
            Delete
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
