import { CircularProgress, MenuItem, Select } from '@mui/material';
import { ACCOUNT_STATUSES, type Account } from '@wms/contract/entities';
import { statusLabel } from '../../../components/StatusChip';

interface AccountStatusSelectProps {
  account: Account;
  saving: boolean;
  onChange: (status: Account['status']) => void;
}

/** Spec 1 §4: staff change an account's status right in the list; the change is saved at once. */
export function AccountStatusSelect({ account, saving, onChange }: AccountStatusSelectProps) {
  return (
    <Select
      size="small"
      value={account.status}
      disabled={saving}
      onChange={(event) => onChange(event.target.value as Account['status'])}
      inputProps={{ 'aria-label': `Status of ${account.name}` }}
      IconComponent={saving ? () => <CircularProgress size={16} sx={{ mr: 1 }} /> : undefined}
      sx={{
        minWidth: 130,
        fontSize: 14,
        color: account.status === 'active' ? 'success.dark' : 'text.secondary',
        fontWeight: 500,
      }}
    >
      {ACCOUNT_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {statusLabel(status)}
        </MenuItem>
      ))}
    </Select>
  );
}
