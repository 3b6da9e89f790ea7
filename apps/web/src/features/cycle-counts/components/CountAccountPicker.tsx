import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Account } from '@wms/contract/entities';
import { countAccountsQuery } from '../api';

interface CountAccountPickerProps {
  warehouse: { id: number; name: string };
  value: Account | null;
  onChange: (account: Account | null) => void;
  error?: string;
}

/** The account whose stock an account count takes: the accounts linked to the count's warehouse. */
export function CountAccountPicker({ warehouse, value, onChange, error }: CountAccountPickerProps) {
  const accounts = useQuery(countAccountsQuery(warehouse.id));
  return (
    <Autocomplete
      id="count-account_id"
      size="small"
      options={accounts.data ?? []}
      loading={accounts.isLoading}
      value={value}
      onChange={(_event, account) => onChange(account)}
      getOptionLabel={(account) => account.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={accounts.isError ? 'Failed to load accounts' : `No account is linked to ${warehouse.name}`}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Account"
          required
          error={Boolean(error)}
          helperText={error ?? `Accounts linked to ${warehouse.name}`}
        />
      )}
    />
  );
}
