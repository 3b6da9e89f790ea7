import { MenuItem, TextField } from '@mui/material';

interface FilterSelectProps {
  label: string;
  /** '' means no filter: the first entry, named by `allLabel`. */
  value: string;
  allLabel: string;
  /** [value, label] pairs, in the order shown. */
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  minWidth?: number;
}

/** A list filter over a fixed set of values, with an "All …" entry that clears it (inquiries, statuses…). */
export function FilterSelect({ label, value, allLabel, options, onChange, minWidth = 160 }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map(([optionValue, optionLabel]) => (
        <MenuItem key={optionValue} value={optionValue}>
          {optionLabel}
        </MenuItem>
      ))}
    </TextField>
  );
}
