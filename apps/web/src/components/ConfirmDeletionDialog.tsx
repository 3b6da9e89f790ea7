import { ConfirmDialog } from './ConfirmDialog';

interface ConfirmDeletionDialogProps {
  open: boolean;
  /** What is being deleted, as the user knows it; kept while the dialog fades out. */
  name: string | undefined;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 1 §5: deleting a user, account or shipper asks 'Confirm Deletion' / 'Are you sure you want to delete {name}?'. */
export function ConfirmDeletionDialog({ open, name, busy, onConfirm, onCancel }: ConfirmDeletionDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Confirm Deletion"
      text={`Are you sure you want to delete ${name ?? ''}?`}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
