import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { accountsForWarehouse } from '../../../lib/context/valid-pairs';
import { type AccountOption, accountOptionsQueryOptions } from '../api';

interface AccountSelectProps {
  value: number | null;
  onChange: (accountId: number | null) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  /** The record's current account: shown while the list loads, and kept as a choice on an edit form. */
  fallback?: Pick<AccountOption, 'id' | 'name'> | null;
  id?: string;
}

/**
 * Staff choose the owning account (spec §2: non-clients only; the list is GET /accounts). Valid pairs only: the
 * active accounts linked to the header's warehouse, so a new product lands in the list the user is looking at.
 */
export function AccountSelect({
  value,
  onChange,
  label = 'Account',
  error,
  disabled,
  fallback,
  id,
}: AccountSelectProps) {
  const { warehouse } = useWorkingContext();
  const accounts = useQuery(accountOptionsQueryOptions());
  const valid: Pick<AccountOption, 'id' | 'name'>[] = accountsForWarehouse(accounts.data ?? [], warehouse?.id);
  const options = fallback && !valid.some((a) => a.id === fallback.id) ? [fallback, ...valid] : valid;
  const selected = options.find((account) => account.id === value) ?? null;
  const helper = error ?? (warehouse ? `Active accounts linked to ${warehouse.name}` : undefined);

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
      noOptionsText={accounts.isError ? 'Error loading accounts' : 'No active account is linked to this warehouse'}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={Boolean(error)} helperText={helper} />
      )}
    />
  );
}
