import { MenuItem, TextField } from '@mui/material';
import type { Warehouse } from '@wms/contract/entities';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface LinkedWarehouseSelectProps<Values extends FieldValues> {
  control: Control<Values>;
  /** The form's warehouse id, kept as a string ('' until chosen). */
  name: Path<Values>;
  /** Only valid pairs: the active warehouses linked to the stock's account (lib/context/valid-pairs). */
  options: readonly Pick<Warehouse, 'id' | 'name' | 'code'>[];
  /** Under the select when the field has no error: which account the warehouses follow. */
  hint?: string;
  /** The disabled entry shown when nothing can be offered. */
  emptyText: string;
}

/**
 * The required Warehouse select of a stock form (inventory, shipments): the warehouses linked to the chosen
 * account; a value that is no longer offered shows as empty rather than as a stale id.
 */
export function LinkedWarehouseSelect<Values extends FieldValues>({
  control,
  name,
  options,
  hint,
  emptyText,
}: LinkedWarehouseSelectProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={name}
          label="Warehouse"
          required
          value={options.some((w) => String(w.id) === field.value) ? field.value : ''}
          onChange={field.onChange}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? hint}
        >
          {options.length === 0 && (
            <MenuItem disabled value="">
              {emptyText}
            </MenuItem>
          )}
          {options.map((warehouse) => (
            <MenuItem key={warehouse.id} value={String(warehouse.id)}>
              {warehouse.name} ({warehouse.code})
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
