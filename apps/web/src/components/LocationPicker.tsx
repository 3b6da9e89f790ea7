import { Autocomplete, TextField } from '@mui/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@wms/contract/locations';
import { useState } from 'react';
import { api } from '../lib/api/client';

export interface LocationChoice {
  id: number;
  code: string;
}

/** Active locations of a warehouse whose code contains `search` (first 20, walk order). */
export const locationOptionsQueryOptions = (warehouseId: number, search: string) =>
  queryOptions({
    queryKey: ['locations', 'options', warehouseId, search] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: Location[] }>(`/warehouses/${warehouseId}/locations`, {
          bypass_default: true,
          notifyOnError: false,
          signal,
          query: { search: search.trim() || undefined, is_active: 'true', per_page: 20 },
        })
        .then((answer) => answer.data),
    staleTime: 30_000,
  });

interface LocationPickerProps {
  id: string;
  label: string;
  warehouseId: number;
  value: LocationChoice | null;
  onChange: (location: LocationChoice | null) => void;
  error?: string;
  /** Putaway rows must name one; a manual stock change may leave it empty (UNASSIGNED). */
  required?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
}

/**
 * An active location of the warehouse, searched by code (a scanner typing the code works too): putaway rows, the
 * inventory forms and the adjust dialog (issue 20).
 */
export function LocationPicker({
  id,
  label,
  warehouseId,
  value,
  onChange,
  error,
  required = true,
  helperText,
  size = 'small',
}: LocationPickerProps) {
  const [search, setSearch] = useState('');
  const options = useQuery({ ...locationOptionsQueryOptions(warehouseId, search), enabled: warehouseId > 0 });
  const found = options.data ?? [];
  const choices: LocationChoice[] = found.map((l) => ({ id: l.id, code: l.code }));
  return (
    <Autocomplete
      id={id}
      options={value && !choices.some((c) => c.id === value.id) ? [value, ...choices] : choices}
      value={value}
      onChange={(_event, location) => onChange(location)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text);
      }}
      filterOptions={(list) => list}
      loading={options.isFetching}
      getOptionLabel={(location) => location.code}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No active location found"
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helperText}
          size={size}
        />
      )}
    />
  );
}
