import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { SearchField } from '../../../components/SearchField';
import type { StatusListFilters } from '../api';

/** Spec 2 §9: the status search waits 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

interface StatusFiltersProps {
  filters: StatusListFilters;
  modules: Record<string, string>;
  onChange: (patch: Partial<StatusListFilters>) => void;
  onClear: () => void;
}

/** Spec 2 §2: search, module filter, active filter (All, Active Only, Inactive Only) and Clear. */
export function StatusFilters({ filters, modules, onChange, onClear }: StatusFiltersProps) {
  const filtered = filters.search !== '' || filters.module !== '' || filters.active !== '';
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' } }}>
      <SearchField
        value={filters.search}
        onChange={(search) => onChange({ search: search.trim() })}
        placeholder="Search statuses"
        debounceMs={SEARCH_DEBOUNCE_MS}
      />
      <TextField
        select
        size="small"
        label="Module"
        value={filters.module}
        onChange={(event) => onChange({ module: event.target.value })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All Modules</MenuItem>
        {Object.entries(modules).map(([key, label]) => (
          <MenuItem key={key} value={key}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Active"
        value={filters.active}
        onChange={(event) => onChange({ active: event.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">All</MenuItem>
        <MenuItem value="true">Active Only</MenuItem>
        <MenuItem value="false">Inactive Only</MenuItem>
      </TextField>
      <Button variant="outlined" color="inherit" onClick={onClear} disabled={!filtered}>
        Clear
      </Button>
    </Stack>
  );
}
