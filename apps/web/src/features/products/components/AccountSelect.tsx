import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type AccountOption, accountOptionsQueryOptions } from '../api';

interface AccountSelectProps {
  value: number | null;
  onChange: (accountId: number | null) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  /** Shown while the list loads, so an edit form does not flash an empty field. */
  fallback?: AccountOption | null;
  id?: string;
}

/** Staff choose the owning account (spec §2: non-clients only; the list is GET /accounts). */
export function AccountSelect({
  value,
  onChange,
  label = 'Account',
  error,
  disabled,
  fallback,
  id,
}: AccountSelectProps) {
  const accounts = useQuery(accountOptionsQueryOptions());
  const options = accounts.data ?? (fallback ? [fallback] : []);
  const selected = options.find((account) => account.id === value) ?? null;

  return (
    <Autocomplete
      id={id}
      options={options}
      loading={accounts.isLoading}
      value={selected}
      disabled={disabled}
      onChange={(_event, account) => onChange(account?.id ?? null)}
      getOptionLabel={(account) => account.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={accounts.isError ? 'Error loading accounts' : 'No accounts found'}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
