import { Autocomplete, TextField } from '@mui/material';

interface IdMultiSelectProps {
  label: string;
  options: readonly { id: number; name: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
}

/** A filter over several records by name (accounts, shippers, statuses); none chosen means all. */
export function IdMultiSelect({ label, options, value, onChange, loading }: IdMultiSelectProps) {
  const chosen = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      loading={loading}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      onChange={(_, picked) => onChange(picked.map((option) => option.id))}
      renderInput={(params) => <TextField {...params} label={label} placeholder={chosen.length ? '' : 'All'} />}
    />
  );
}
