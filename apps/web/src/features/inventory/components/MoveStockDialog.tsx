import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Inventory } from '@wms/contract/inventory';
import { LOCATION_STOCK_MESSAGES, type StockPlace } from '@wms/contract/location-stock';
import { LOCATION_TYPE_LABELS, type Location } from '@wms/contract/locations';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { locationOptionsQueryOptions } from '../../../components/LocationPicker';
import { failureMessage } from '../../../lib/api/failure-message';
import { applyServerErrors, isValidationError } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifySuccess } from '../../../lib/notify';
import { useMoveInventoryStock } from '../api';

interface MoveValues {
  from_location_id: string;
  to_location: Location | null;
  quantity: string;
}

/** The source select's value: one place is a location and a lot (the same bin may hold two lots). */
const placeKey = (place: StockPlace) => `${place.location.id}:${place.lot?.id ?? ''}`;
const parsePlaceKey = (key: string) => {
  const [location, lot] = key.split(':');
  return { locationId: Number(location), lotId: lot ? Number(lot) : null };
};

const EMPTY: MoveValues = { from_location_id: '', to_location: null, quantity: '' };
const FIELDS = ['from_location_id', 'quantity'] as const;
const FAILURE = 'Failed to move stock';

/**
 * Move units of one inventory row between two locations of its warehouse: the source is one of
 * the places the row's units lie, the target any active location (searched by code). The server decides (409 when
 * the source holds less, or quarantine would take reserved units); its message shows in the dialog.
 */
export function MoveStockDialog({
  inventory,
  places,
  onClose,
}: {
  inventory: Inventory | null;
  places: StockPlace[];
  onClose: () => void;
}) {
  const form = useForm<MoveValues>({ defaultValues: EMPTY });
  const open = inventory !== null;
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (open) {
      form.reset({ ...EMPTY, from_location_id: places[0] ? placeKey(places[0]) : '' });
      setSearch('');
    }
  }, [open, form, places]);

  const warehouseId = inventory?.warehouse_id ?? 0;
  // The same search as the location picker's (and its cache); this dialog shows each target's type.
  const targets = useQuery({ ...locationOptionsQueryOptions(warehouseId, search), enabled: open });

  const move = useMoveInventoryStock();
  const moved = (answer: { message: string }) => {
    notifySuccess(answer.message || LOCATION_STOCK_MESSAGES.moved);
    onClose();
  };
  const refused = (error: Error) => {
    // The target's errors come back on `to_location_id`; the form holds the chosen location object.
    const toMessages = isValidationError(error) ? error.fieldErrors.to_location_id : undefined;
    if (toMessages) form.setError('to_location', { type: 'server', message: toMessages.join(', ') });
    if (isValidationError(error) && toMessages && Object.keys(error.fieldErrors).length === 1) return;
    applyServerErrors(error, FIELDS, form.setError, FAILURE);
    const message = isValidationError(error) ? null : failureMessage(error, FAILURE);
    if (message) form.setError('root.server', { type: 'server', message });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (!values.to_location) {
      form.setError('to_location', { type: 'required', message: LOCATION_STOCK_MESSAGES.toRequired });
      return;
    }
    if (values.quantity.trim() === '') {
      form.setError('quantity', { type: 'required', message: LOCATION_STOCK_MESSAGES.quantityRequired });
      return;
    }
    const from = parsePlaceKey(values.from_location_id);
    move.mutate(
      {
        id: inventory!.id,
        input: {
          from_location_id: from.locationId,
          to_location_id: values.to_location?.id ?? 0,
          quantity: Number(values.quantity),
          lot_id: from.lotId,
        },
      },
      { onSuccess: moved, onError: refused },
    );
  });

  const rootError = form.formState.errors.root?.server?.message;
  const toError = form.formState.errors.to_location?.message;
  const fromId = String(parsePlaceKey(form.watch('from_location_id')).locationId);

  return (
    <Dialog
      open={open}
      onClose={move.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="move-title"
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="move-title">Move Stock</DialogTitle>
        <DialogContent>
          {inventory && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {inventory.product.name} · SKU {inventory.product.sku} · {inventory.warehouse_name}
            </Typography>
          )}
          <Stack spacing={2.5}>
            {rootError && <Alert severity="error">{rootError}</Alert>}
            <Controller
              control={form.control}
              name="from_location_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  id="move-from"
                  label="From location"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {places.map((place) => (
                    <MenuItem key={placeKey(place)} value={placeKey(place)}>
                      {place.location.code}
                      {place.lot ? ` · Lot ${place.lot.code}` : ''} · {place.quantity.toLocaleString()} units
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="to_location"
              render={({ field }) => (
                <Autocomplete
                  id="move-to"
                  options={(targets.data ?? []).filter((l) => String(l.id) !== fromId)}
                  value={field.value}
                  onChange={(_event, location) => field.onChange(location)}
                  onInputChange={(_event, text, reason) => {
                    if (reason === 'input') setSearch(text);
                  }}
                  filterOptions={(options) => options}
                  loading={targets.isFetching}
                  getOptionLabel={(location) => location.code}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  noOptionsText="No active location found"
                  renderOption={(props, location) => (
                    <li {...props} key={location.id}>
                      {location.code} · {LOCATION_TYPE_LABELS[location.type]}
                    </li>
                  )}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="To location"
                      required
                      placeholder="Search by code"
                      error={Boolean(toError)}
                      helperText={toError}
                    />
                  )}
                />
              )}
            />
            <TextField
              {...textFieldProps(form, 'quantity')}
              label="Quantity"
              type="number"
              required
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={move.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={move.isPending || places.length === 0}
            startIcon={move.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Move
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
