import { MenuItem, TextField } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface ControlledSelectProps<Values extends FieldValues, Option extends string> {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  options: readonly Option[];
  labelOf: (option: Option) => string;
}

/** A select over a fixed list of values (statuses, types…), bound to a react-hook-form field with its error. */
export function ControlledSelect<Values extends FieldValues, Option extends string>({
  control,
  name,
  label,
  options,
  labelOf,
}: ControlledSelectProps<Values, Option>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={name}
          select
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {labelOf(option)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
