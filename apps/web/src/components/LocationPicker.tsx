import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { locationOptionsQueryOptions } from '../api';

export interface LocationChoice {
  id: number;
  code: string;
}

interface LocationPickerProps {
  id: string;
  label: string;
  warehouseId: number;
  value: LocationChoice | null;
  onChange: (location: LocationChoice | null) => void;
  error?: string;
}

/** An active location of the warehouse, searched by code (a scanner typing the code works too). */
export function LocationPicker({ id, label, warehouseId, value, onChange, error }: LocationPickerProps) {
  const [search, setSearch] = useState('');
  const options = useQuery(locationOptionsQueryOptions(warehouseId, search));
  const choices: LocationChoice[] = (options.data ?? []).map((l) => ({ id: l.id, code: l.code }));
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
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error} size="small" />
      )}
    />
  );
}
