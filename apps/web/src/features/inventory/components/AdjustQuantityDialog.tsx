import {
  Alert,
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
import { INVENTORY_MESSAGES, type Inventory } from '@wms/contract/inventory';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { failureMessage } from '../../../lib/api/failure-message';
import { applyServerErrors, isValidationError } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { inventoryPlacesQueryOptions, useAdjustInventory } from '../api';
import {
  directionOf,
  EMPTY_STOCK_PLACE,
  type StockPlaceErrors,
  type StockPlaceValues,
  splitStockPlaceErrors,
  stockPlacePayload,
} from '../stock-place';
import { StockPlaceFields } from './StockPlaceFields';

interface AdjustValues {
  type: 'on_hand' | 'reserved';
  quantity_change: string;
  reason: string;
}

const EMPTY: AdjustValues = { type: 'on_hand', quantity_change: '', reason: '' };
const FIELDS = ['type', 'quantity_change', 'reason'] as const;

interface AdjustQuantityDialogProps {
  inventory: Inventory | null;
  onClose: () => void;
  /** Spec §8: 'Failed to adjust inventory quantity' on the list, 'Failed to adjust inventory' on the detail page. */
  failureText: string;
}

/**
 * Spec §3/§5: a signed change to on hand or reserved, with an optional reason; it becomes a ledger movement. An
 * on-hand change names where: units added go to a chosen location (and lot, when the product tracks
 * lots), units taken come from a chosen location and lot or follow the take order.
 */
export function AdjustQuantityDialog({ inventory, onClose, failureText }: AdjustQuantityDialogProps) {
  const { user } = useSession();
  const canSeeLocations = hasPermission(user, 'view locations');
  const form = useForm<AdjustValues>({ defaultValues: EMPTY });
  const open = inventory !== null;
  const [place, setPlace] = useState<StockPlaceValues>(EMPTY_STOCK_PLACE);
  const [placeErrors, setPlaceErrors] = useState<StockPlaceErrors>({});
  const places = useQuery({
    ...inventoryPlacesQueryOptions(inventory?.id ?? 0),
    enabled: open && canSeeLocations,
  });

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      setPlace(EMPTY_STOCK_PLACE);
      setPlaceErrors({});
    }
  }, [open, form]);

  const type = form.watch('type');
  const changeText = form.watch('quantity_change');
  const change = Number(changeText);
  const direction = type === 'on_hand' && changeText.trim() !== '' ? directionOf(change) : null;

  const adjust = useAdjustInventory();
  const adjusted = (answer: { message: string }) => {
    notifySuccess(answer.message || INVENTORY_MESSAGES.adjusted);
    onClose();
  };
  const refused = (failure: Error) => {
    const { placeErrors: onPlace, rest } = splitStockPlaceErrors(failure, direction);
    setPlaceErrors(onPlace);
    if (rest === null) return;
    const error = rest;
    applyServerErrors(error, FIELDS, form.setError, failureText);
    const message = isValidationError(error) ? null : failureMessage(error, failureText);
    if (message) notifyError(message);
  };

  const onSubmit = form.handleSubmit((values) => {
    const change = values.quantity_change.trim();
    if (change === '' || !Number.isFinite(Number(change))) {
      form.setError('quantity_change', { type: 'required', message: INVENTORY_MESSAGES.quantityChangeRequired });
      notifyError('Please enter a quantity change');
      return;
    }
    adjust.mutate(
      {
        id: inventory!.id,
        input: {
          type: values.type,
          quantity_change: Number(values.quantity_change),
          reason: values.reason.trim() || null,
          ...stockPlacePayload(place, direction),
        },
      },
      { onSuccess: adjusted, onError: refused },
    );
  });

  const current = inventory ? (type === 'on_hand' ? inventory.quantity_on_hand : inventory.quantity_reserved) : 0;
  const showPreview = inventory && changeText.trim() !== '' && Number.isFinite(change);
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <Dialog
      open={open}
      onClose={adjust.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="adjust-title"
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="adjust-title">Adjust Quantity</DialogTitle>
        <DialogContent>
          {inventory && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {inventory.product.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                SKU {inventory.product.sku} · On hand {inventory.quantity_on_hand} · Reserved{' '}
                {inventory.quantity_reserved} · Quarantined {inventory.quantity_quarantined} · Available{' '}
                {inventory.quantity_available}
              </Typography>
            </Box>
          )}
          <Stack spacing={2.5}>
            {rootError && (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
                {rootError}
              </Alert>
            )}
            <Controller
              control={form.control}
              name="type"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  id="adjust-type"
                  label="Adjustment Type"
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value="on_hand">On Hand</MenuItem>
                  <MenuItem value="reserved">Reserved</MenuItem>
                </TextField>
              )}
            />
            <TextField
              {...textFieldProps(form, 'quantity_change')}
              label="Quantity Change"
              type="number"
              required
              autoFocus
              slotProps={{ htmlInput: { step: 1 } }}
              helperText={
                form.formState.errors.quantity_change?.message ?? 'Use a negative number to decrease, e.g. -5'
              }
            />
            {inventory && (
              <StockPlaceFields
                idPrefix="adjust"
                direction={direction}
                warehouseId={inventory.warehouse_id}
                product={inventory.product}
                places={places.data}
                canSeeLocations={canSeeLocations}
                value={place}
                onChange={(patch) => {
                  setPlace((current) => ({ ...current, ...patch }));
                  setPlaceErrors({});
                }}
                errors={placeErrors}
              />
            )}
            <TextField
              {...textFieldProps(form, 'reason')}
              label="Reason"
              multiline
              minRows={2}
              placeholder="e.g. Cycle count correction"
            />
            {showPreview && (
              <Alert severity={current + change < 0 ? 'error' : 'info'} icon={false}>
                {type === 'on_hand' ? 'On hand' : 'Reserved'}: {current} → <strong>{current + change}</strong>
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={adjust.isPending}
            startIcon={adjust.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Adjust
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
