import { Chip, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { SELECTOR_MIN_WIDTH } from '../layout-metrics';

export interface ContextOption {
  id: number;
  primary: string;
  secondary?: string;
  disabled: boolean;
}

interface ContextSelectProps {
  label: string;
  options: readonly ContextOption[] | undefined;
  selectedId: number | undefined;
  loading: boolean;
  errorText?: string;
  emptyText: string;
  onChange: (id: number) => void;
  startAdornment?: ReactNode;
  fullWidth?: boolean;
}

/** The shared look of the header/drawer selectors: loading, error and empty states, inactive options disabled. */
export function ContextSelect(props: ContextSelectProps) {
  const { label, options, selectedId, loading, errorText, emptyText, onChange, fullWidth = false } = props;
  const known = options?.some((option) => option.id === selectedId) ?? false;
  const value = known && selectedId !== undefined ? String(selectedId) : '';

  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      fullWidth={fullWidth}
      disabled={loading || Boolean(errorText)}
      error={Boolean(errorText)}
      helperText={loading ? 'Loading…' : errorText}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: SELECTOR_MIN_WIDTH }}
      slotProps={{
        select: {
          renderValue: (selected) => options?.find((option) => String(option.id) === selected)?.primary ?? '',
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
        formHelperText: { sx: { position: 'absolute', top: '100%', mt: 0, whiteSpace: 'nowrap' } },
      }}
    >
      {options && options.length === 0 && (
        <MenuItem disabled value="">
          {emptyText}
        </MenuItem>
      )}
      {options?.map((option) => (
        <MenuItem key={option.id} value={String(option.id)} disabled={option.disabled}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
            <ListItemText primary={option.primary} secondary={option.secondary} />
            {option.disabled && <Chip label="Inactive" size="small" variant="outlined" />}
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
}
