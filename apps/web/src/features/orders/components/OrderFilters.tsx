import { Button, MenuItem, Stack, TextField } from '@mui/material';
import type { Account } from '@wms/contract/entities';
import type { OrderStatusOption } from '@wms/contract/orders';
import { FilterSelect } from '../../../components/FilterSelect';
import { SearchField } from '../../../components/SearchField';
import { statusMenuItems } from './status-menu-items';

/** Spec 2 §9: the order search waits 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

export interface OrderFilterValues {
  search: string;
  status: string;
  /** '' = every account of the warehouse. */
  account: string;
  /** The backorder filter ('true' short only, 'false' not short, '' all); absent: not offered (the archive). */
  short?: '' | 'true' | 'false';
}

/** Open orders with a line still short (a backorder), or the others. */
const SHORT_OPTIONS = [
  ['true', 'Short (backorder)'],
  ['false', 'Not short'],
] as const;

interface OrderFiltersProps {
  values: OrderFilterValues;
  /** Absent: no account filter (a client works in the header's account). */
  accounts?: Account[];
  statuses: OrderStatusOption[] | undefined;
  onChange: (patch: Partial<OrderFilterValues>) => void;
  onClear: () => void;
}

/** Account, status, backorder and search, kept in the URL by the page; Clear empties them all. */
export function OrderFilters({ values, accounts, statuses, onChange, onClear }: OrderFiltersProps) {
  const filtered = values.search !== '' || values.status !== '' || values.account !== '' || Boolean(values.short);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' } }}>
      {accounts && (
        <TextField
          select
          size="small"
          label="Account"
          value={accounts.some((a) => String(a.id) === values.account) ? values.account : ''}
          onChange={(event) => onChange({ account: event.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All Accounts</MenuItem>
          {accounts.map((account) => (
            <MenuItem key={account.id} value={String(account.id)}>
              {account.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Status"
        value={statuses?.some((s) => s.value === values.status) ? values.status : ''}
        onChange={(event) => onChange({ status: event.target.value })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All Statuses</MenuItem>
        {statusMenuItems(statuses ?? [], (status) => status.value)}
      </TextField>
      {values.short !== undefined && (
        <FilterSelect
          label="Backorder"
          value={values.short}
          allLabel="All Orders"
          options={SHORT_OPTIONS}
          onChange={(short) => onChange({ short: short === 'true' || short === 'false' ? short : '' })}
        />
      )}
      <SearchField
        value={values.search}
        onChange={(search) => onChange({ search: search.trim() })}
        placeholder="Search order number, order ID or customer"
        debounceMs={SEARCH_DEBOUNCE_MS}
      />
      <Button variant="outlined" color="inherit" onClick={onClear} disabled={!filtered}>
        Clear
      </Button>
    </Stack>
  );
}
