import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import type { WarehouseSummary } from '@wms/contract/entities';
import { useMemo } from 'react';

interface WarehouseMultiSelectProps {
  options: readonly WarehouseSummary[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur: () => void;
  loading: boolean;
  error?: string;
  loadError?: string;
  /** Default 'Warehouses'. */
  label?: string;
  disabled?: boolean;
}

/** Spec 1 §2.1: filterable by name or code, case-insensitively (not by city, which is only shown). */
export const filterWarehouses = (options: readonly WarehouseSummary[], input: string): WarehouseSummary[] => {
  const needle = input.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter(
    (warehouse) => warehouse.name.toLowerCase().includes(needle) || warehouse.code.toLowerCase().includes(needle),
  );
};

const place = (warehouse: WarehouseSummary): string => [warehouse.city, warehouse.state].filter(Boolean).join(', ');

export function WarehouseMultiSelect(props: WarehouseMultiSelectProps) {
  const { options, value, onChange, onBlur, loading, error, loadError, label = 'Warehouses', disabled } = props;
  // Memoised: Autocomplete resets its typed filter text whenever the value's identity changes.
  const selected = useMemo(() => options.filter((option) => value.includes(option.id)), [options, value]);

  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      disableCloseOnSelect
      filterOptions={(all, state) => filterWarehouses(all, state.inputValue)}
      getOptionLabel={(option) => `${option.name} (${option.code})`}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onChange={(_event, next) => onChange(next.map((warehouse) => warehouse.id))}
      onBlur={onBlur}
      noOptionsText={loadError ?? 'No warehouses match'}
      loadingText="Loading warehouses…"
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {option.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                ({option.code})
              </Typography>
            </Typography>
            {place(option) && (
              <Typography variant="caption" color="text.secondary">
                {place(option)}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.code} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          id="warehouse_ids"
          label={label}
          placeholder={selected.length === 0 ? 'Search by name or code' : undefined}
          error={Boolean(error || loadError)}
          helperText={error ?? loadError}
        />
      )}
    />
  );
}
