import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { INVENTORY_MESSAGES } from '@wms/contract/inventory';
import type { Product } from '@wms/contract/products';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LinkedWarehouseSelect } from '../../../components/LinkedWarehouseSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ProductPicker } from '../../../components/ProductPicker';
import { HttpError } from '../../../lib/api/api-error';
import { selectableAccountsQuery } from '../../../lib/context/context-queries';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { warehousesForAccount } from '../../../lib/context/valid-pairs';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { activeWarehousesQueryOptions, useCreateInventory } from '../api';
import { StockPlaceFields } from '../components/StockPlaceFields';
import { onHandField, reservedExceeds, reservedField } from '../quantity-form';
import {
  EMPTY_STOCK_PLACE,
  type StockPlaceErrors,
  type StockPlaceValues,
  splitStockPlaceErrors,
  stockPlacePayload,
} from '../stock-place';

const schema = z
  .object({
    product: z
      .custom<Product | null>((value) => value === null || typeof value === 'object')
      .refine((value) => value !== null, INVENTORY_MESSAGES.productRequired),
    warehouse_id: z.string().min(1, INVENTORY_MESSAGES.warehouseRequired),
    quantity_on_hand: onHandField,
    quantity_reserved: reservedField,
  })
  .refine((values) => !reservedExceeds(values.quantity_on_hand, values.quantity_reserved), {
    path: ['quantity_reserved'],
    message: INVENTORY_MESSAGES.reservedExceedsOnHand,
  });
type CreateValues = z.input<typeof schema>;

/** Server field names → form fields (account problems are shown above the form). */
const FIELDS = ['product', 'warehouse_id', 'quantity_on_hand', 'quantity_reserved'] as const;

/** The server names the product field product_id; the form holds the whole product under `product`. */
function renameField(error: unknown, from: string, to: string): unknown {
  if (!(error instanceof HttpError) || typeof error.data !== 'object' || error.data === null) return error;
  const data = error.data as { errors?: Record<string, unknown> };
  if (!data.errors || !(from in data.errors)) return error;
  const { [from]: moved, ...rest } = data.errors;
  return new HttpError(error.status, { ...data, errors: { ...rest, [to]: moved } });
}

export function InventoryCreatePage() {
  const context = useWorkingContext();
  const { isClient, account: selectedAccount, warehouse: selectedWarehouse } = context;
  const navigate = useNavigate();
  const createInventory = useCreateInventory();
  const { user } = useSession();
  const canSeeLocations = hasPermission(user, 'view locations');
  // Where the starting units go and their lot; the server checks both.
  const [place, setPlace] = useState<StockPlaceValues>(EMPTY_STOCK_PLACE);
  const [placeErrors, setPlaceErrors] = useState<StockPlaceErrors>({});
  const warehouses = useQuery(activeWarehousesQueryOptions());
  const accounts = useQuery(selectableAccountsQuery());
  useFailureNotice(warehouses.error, 'Failed to load warehouses');

  const form = useForm<CreateValues, unknown, CreateValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      product: null,
      warehouse_id: selectedWarehouse ? String(selectedWarehouse.id) : '',
      quantity_on_hand: '',
      quantity_reserved: '0',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const product = form.watch('product');
  const onHand = form.watch('quantity_on_hand');
  const reserved = form.watch('quantity_reserved');
  // Spec §5: a client's stock is always kept for the selected account; staff keep it for the product's account.
  const accountName = isClient ? selectedAccount?.name : product?.account?.name;
  // Valid pairs only: the warehouses linked to the stock's account (known once a product is chosen).
  const owner = isClient ? selectedAccount : accounts.data?.find((account) => account.id === product?.account_id);
  const warehouseOptions = warehousesForAccount(warehouses.data ?? [], owner);
  const chosenWarehouse = form.watch('warehouse_id');
  useEffect(() => {
    if (!warehouses.data || !owner || chosenWarehouse === '') return;
    if (!owner.warehouse_ids.includes(Number(chosenWarehouse))) form.setValue('warehouse_id', '');
  }, [warehouses.data, owner, chosenWarehouse, form]);
  // A location belongs to one warehouse: choosing another clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the warehouse changes, by design.
  useEffect(() => {
    setPlace((current) => ({ ...current, location: null }));
  }, [chosenWarehouse]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.product) return;
    const accountId = isClient ? selectedAccount?.id : values.product.account_id;
    try {
      await createInventory.mutateAsync({
        product_id: values.product.id,
        warehouse_id: Number(values.warehouse_id),
        account_id: accountId ?? values.product.account_id,
        quantity_on_hand: Number(values.quantity_on_hand),
        quantity_reserved: values.quantity_reserved.trim() === '' ? 0 : Number(values.quantity_reserved),
        ...stockPlacePayload(place, 'in'),
      });
      notifySuccess(INVENTORY_MESSAGES.created);
      navigate('/inventories');
    } catch (failure) {
      const { placeErrors: onPlace, rest: error } = splitStockPlaceErrors(failure, 'in');
      setPlaceErrors(onPlace);
      if (error === null) return;
      applyServerErrors(
        renameField(error, 'product_id', 'product'),
        FIELDS,
        form.setError,
        'Failed to create inventory',
      );
    }
  });

  const submitting = form.formState.isSubmitting;
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <>
      <PageHeader
        title="Add New Inventory"
        subtitle="Start tracking a product's stock in a warehouse"
        actions={
          <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={() => navigate(-1)}>
            Back
          </Button>
        }
      />
      <Card component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 880 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={2.5}>
            {rootError && (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
                {rootError}
              </Alert>
            )}
            <Controller
              control={form.control}
              name="product"
              render={({ field, fieldState }) => (
                <ProductPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <LinkedWarehouseSelect
                control={form.control}
                name="warehouse_id"
                options={warehouseOptions}
                hint={
                  warehouses.isError
                    ? 'Failed to load warehouses'
                    : owner
                      ? `Warehouses linked to ${owner.name}`
                      : 'Choose the product first: its account decides the warehouses'
                }
                emptyText="No active warehouse is linked to this account"
              />
              <TextField
                id="account"
                label="Account"
                value={accountName ?? ''}
                placeholder={isClient ? '' : 'The chosen product’s account'}
                slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
                helperText={isClient ? 'Your selected account' : 'Stock is kept for the account that owns the product'}
              />
            </Box>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
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
            </Box>
            {reservedExceeds(onHand, reserved) && (
              <Alert severity="warning">{INVENTORY_MESSAGES.reservedExceedsOnHand}</Alert>
            )}
            {product && chosenWarehouse !== '' && (
              <StockPlaceFields
                idPrefix="create"
                direction="in"
                warehouseId={Number(chosenWarehouse)}
                product={product}
                canSeeLocations={canSeeLocations}
                value={place}
                onChange={(patch) => {
                  setPlace((current) => ({ ...current, ...patch }));
                  setPlaceErrors({});
                }}
                errors={placeErrors}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              The starting quantities are recorded as the first movement in this inventory&apos;s history.
            </Typography>
          </Stack>
        </CardContent>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, py: 2 }}>
          <Button color="inherit" onClick={() => navigate(-1)} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting ? 'Saving…' : 'Create Inventory'}
          </Button>
        </Box>
      </Card>
    </>
  );
}
