import { Button, Stack } from '@mui/material';
import { FilterSelect } from '../../../components/FilterSelect';
import { SearchField } from '../../../components/SearchField';
import type { StatusListFilters } from '../api';

const ACTIVE_OPTIONS = [
  ['true', 'Active Only'],
  ['false', 'Inactive Only'],
] as const;

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
      <FilterSelect
        label="Module"
        value={filters.module}
        allLabel="All Modules"
        options={Object.entries(modules)}
        onChange={(module) => onChange({ module })}
        minWidth={180}
      />
      <FilterSelect
        label="Active"
        value={filters.active}
        allLabel="All"
        options={ACTIVE_OPTIONS}
        onChange={(active) => onChange({ active })}
      />
      <Button variant="outlined" color="inherit" onClick={onClear} disabled={!filtered}>
        Clear
      </Button>
    </Stack>
  );
}
