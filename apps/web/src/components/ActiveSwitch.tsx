import { FormControlLabel, Switch, type SxProps, type Theme } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface ActiveSwitchProps<Values extends FieldValues> {
  control: Control<Values>;
  /** The form's boolean `is_active` field. */
  name: Path<Values>;
  label?: string;
  /** A record the rules need active (a system status) keeps its switch on and fixed. */
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** The Active switch of a master-data form (warehouse, location, shipper, status): on unless the record is not. */
export function ActiveSwitch<Values extends FieldValues>({
  control,
  name,
  label = 'Active',
  disabled,
  sx,
}: ActiveSwitchProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          sx={sx}
          label={label}
          control={
            <Switch
              checked={field.value ?? true}
              disabled={disabled}
              onChange={(event) => field.onChange(event.target.checked)}
            />
          }
        />
      )}
    />
  );
}
