import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

export interface OutlinedFieldProps {
  id: string;
  name?: string;
  /** Controlled value; leave out for an uncontrolled input (react-hook-form's register). */
  value?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  endAdornment?: ReactNode;
}

/**
 * An outlined text input that looks and labels like MUI's TextField, built from its parts. TextField always
 * imports Select (with Menu, Popover, Modal: ~20 KB brotli); the sign-in page has no select, and its first load
 * has a budget (README), so its fields use this. Accepts what `textFieldProps()` spreads.
 */
export function OutlinedField({ id, label, helperText, error, endAdornment, ...input }: OutlinedFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} endAdornment={endAdornment} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
