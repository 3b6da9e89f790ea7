import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { INVENTORY_MESSAGES, type Inventory } from '@wms/contract/inventory';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { EmptyState } from '../../../components/EmptyState';
import { FormCard } from '../../../components/FormCard';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { RedirectWithMessage } from '../../../components/RedirectWithMessage';
import { failureMessage } from '../../../lib/api/failure-message';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { inventoryPlacesQueryOptions, inventoryQueryOptions, isNotFound, useUpdateInventory } from '../api';
import { StockPlaceFields } from '../components/StockPlaceFields';
import { onHandField, quantityOf, reservedExceeds, reservedField } from '../quantity-form';
import {
  directionOf,
  EMPTY_STOCK_PLACE,
  placeKey,
  type StockPlaceErrors,
  type StockPlaceValues,
  splitStockPlaceErrors,
  stockPlacePayload,
} from '../stock-place';
import { editAvailableTone, editFigures, type TakingSource, TONE_COLOR } from '../stock-rules';

const schema = z
  .object({ quantity_on_hand: onHandField, quantity_reserved: reservedField })
  .refine((values) => !reservedExceeds(values.quantity_on_hand, values.quantity_reserved), {
    path: ['quantity_reserved'],
    message: INVENTORY_MESSAGES.reservedExceedsOnHand,
  });
type EditValues = z.infer<typeof schema>;
const FIELDS = ['quantity_on_hand', 'quantity_reserved'] as const;

export function InventoryEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const inventory = useQuery({ ...inventoryQueryOptions(id), enabled: valid });

  if (!valid || (inventory.isError && isNotFound(inventory.error))) {
    return (
      <>
        <PageHeader title="Edit Inventory" />
        <Card>
          <EmptyState
            icon={<SearchOffIcon />}
            title="Inventory not found"
            hint="It may have been deleted, or it belongs to an account you cannot see."
            action={
              <Button variant="contained" component={RouterLink} to="/inventories" startIcon={<ArrowBackIcon />}>
                Back to Inventories
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  if (inventory.isError) {
    return (
      <RedirectWithMessage
        to="/inventories"
        message={failureMessage(inventory.error, 'Failed to load inventory') ?? 'Failed to load inventory'}
      />
    );
  }
  if (!inventory.data) {
    return (
      <>
        <PageHeader title="Edit Inventory" />
        <LoadingState label="Loading inventory…" />
      </>
    );
  }
  return <EditInventoryForm key={inventory.data.updated_at} inventory={inventory.data} />;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function EditInventoryForm({ inventory }: { inventory: Inventory }) {
  const navigate = useNavigate();
  const updateInventory = useUpdateInventory();
  const { user } = useSession();
  const canSeeLocations = hasPermission(user, 'view locations');
  const places = useQuery({ ...inventoryPlacesQueryOptions(inventory.id), enabled: canSeeLocations });
  // Where units added go, or taken units come from; the server checks it.
  const [place, setPlace] = useState<StockPlaceValues>(EMPTY_STOCK_PLACE);
  const [placeErrors, setPlaceErrors] = useState<StockPlaceErrors>({});
  const form = useForm<EditValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      quantity_on_hand: String(inventory.quantity_on_hand),
      quantity_reserved: String(inventory.quantity_reserved),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const onHandText = form.watch('quantity_on_hand');
  const reservedText = form.watch('quantity_reserved');
  const newOnHand = quantityOf(onHandText) ?? inventory.quantity_on_hand;
  const newReserved = quantityOf(reservedText) ?? inventory.quantity_reserved;
  const direction = directionOf(newOnHand - inventory.quantity_on_hand);
  const takenFrom = places.data?.find((p) => placeKey(p) === place.takeFrom);
  const source: TakingSource = !takenFrom
    ? 'take-order'
    : takenFrom.location.type === 'quarantine'
      ? 'quarantine'
      : 'other';
  // Quarantined units are on hand but not available, as the server counts them.
  const figures = editFigures(
    { onHand: inventory.quantity_on_hand, quarantined: inventory.quantity_quarantined },
    { onHand: newOnHand, reserved: newReserved },
    source,
  );
  const newAvailable = figures.available;
  const belowHeld = figures.belowHeld && !reservedExceeds(onHandText, reservedText);
  const rows = [
    { label: 'On Hand', current: inventory.quantity_on_hand, next: newOnHand },
    { label: 'Reserved', current: inventory.quantity_reserved, next: newReserved },
    ...(inventory.quantity_quarantined > 0 || figures.quarantined > 0
      ? [{ label: 'Quarantined', current: inventory.quantity_quarantined, next: figures.quarantined }]
      : []),
    { label: 'Available', current: inventory.quantity_available, next: newAvailable },
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    if (belowHeld) {
      form.setError(newOnHand < inventory.quantity_on_hand ? 'quantity_on_hand' : 'quantity_reserved', {
        type: 'validate',
        message: INVENTORY_MESSAGES.onHandBelowQuarantined,
      });
      return;
    }
    try {
      await updateInventory.mutateAsync({
        id: inventory.id,
        input: {
          quantity_on_hand: Number(values.quantity_on_hand),
          quantity_reserved:
            values.quantity_reserved.trim() === '' ? inventory.quantity_reserved : Number(values.quantity_reserved),
          // What this form showed as "Current": the server refuses (409) if stock moved since.
          expected_on_hand: inventory.quantity_on_hand,
          expected_reserved: inventory.quantity_reserved,
          ...stockPlacePayload(place, direction),
        },
      });
      notifySuccess(INVENTORY_MESSAGES.updated);
      navigate(`/inventories/${inventory.id}`);
    } catch (failure) {
      const { placeErrors: onPlace, rest: error } = splitStockPlaceErrors(failure, direction);
      setPlaceErrors(onPlace);
      if (error === null) return;
      // After a 409 the "Current" column is stale: useUpdateInventory has reloaded it.
      applyServerErrors(error, FIELDS, form.setError, 'Failed to update inventory');
    }
  });

  return (
    <>
      <PageHeader title="Edit Inventory" subtitle={`${inventory.warehouse_name} · ${inventory.account_name}`} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Card>
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar
                variant="rounded"
                src={inventory.product.photo_url ?? undefined}
                alt={inventory.product.name}
                sx={{ width: 64, height: 64, bgcolor: 'grey.100', color: 'grey.500' }}
              >
                <Inventory2OutlinedIcon />
              </Avatar>
              <Box>
                <Typography variant="h6">{inventory.product.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {inventory.product.sku}
                </Typography>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <FormCard
          onSubmit={onSubmit}
          rootError={form.formState.errors.root?.server?.message}
          submitLabel="Update Inventory"
          submitting={form.formState.isSubmitting}
          cancelTo={`/inventories/${inventory.id}`}
        >
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <TextField
              {...textFieldProps(form, 'quantity_on_hand')}
              label="Quantity On Hand"
              type="number"
              required
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            <TextField
              {...textFieldProps(form, 'quantity_reserved')}
              label="Quantity Reserved"
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            <TextField
              id="available"
              label="Available Quantity"
              value={newAvailable}
              slotProps={{
                input: { readOnly: true },
                htmlInput: { 'data-tone': editAvailableTone(newAvailable) },
              }}
              helperText={
                inventory.quantity_quarantined > 0 ? 'On hand minus reserved and quarantined' : 'On hand minus reserved'
              }
              sx={{ '& .MuiInputBase-input': { color: TONE_COLOR[editAvailableTone(newAvailable)], fontWeight: 700 } }}
            />
          </Box>
          {reservedExceeds(onHandText, reservedText) && (
            <Alert severity="warning">{INVENTORY_MESSAGES.reservedExceedsOnHand}</Alert>
          )}
          {belowHeld && <Alert severity="warning">{INVENTORY_MESSAGES.onHandBelowQuarantined}</Alert>}
          <StockPlaceFields
            idPrefix="edit"
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
          <Table size="small" aria-label="Current vs New">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Quantity</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  Current
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  New
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  Change
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const change = row.next - row.current;
                return (
                  <TableRow key={row.label}>
                    <TableCell>{row.label}</TableCell>
                    <TableCell align="right">{row.current}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {row.next}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        color: change > 0 ? 'success.main' : change < 0 ? 'error.main' : 'text.disabled',
                        fontWeight: 600,
                      }}
                    >
                      {change === 0 ? '—' : signed(change)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </FormCard>
      </Stack>
    </>
  );
}
