import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@wms/contract/products';
import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormCard } from '../../../components/FormCard';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/api/ApiError';
import { selectableAccountsQuery, selectableWarehousesQuery } from '../../../lib/context/contextQueries';
import { useWorkingContext } from '../../../lib/context/useWorkingContext';
import { isActiveAccount, warehousesForAccount } from '../../../lib/context/validPairs';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { notifySuccess } from '../../../lib/notify';
import { useFailureNotice } from '../../../lib/useFailureNotice';
import { createShipment } from '../api';
import { AccountProductPicker } from '../components/AccountProductPicker';
import { ShipmentFieldsInputs } from '../components/ShipmentFieldsInputs';
import { shipmentKeys } from '../query-keys';
import { SHIPMENT_FIELD_NAMES, shipmentFieldsSchema, todayIso, toShipmentFields } from '../shipmentForm';

const schema = shipmentFieldsSchema.extend({
  account_id: z.string().min(1, SHIPMENT_MESSAGES.accountRequired),
  warehouse_id: z.string().min(1, SHIPMENT_MESSAGES.warehouseRequired),
  product: z
    .custom<Product | null>((value) => value === null || typeof value === 'object')
    .refine((value) => value !== null, SHIPMENT_MESSAGES.productRequired),
});
type CreateValues = z.input<typeof schema>;

const FIELDS = ['account_id', 'warehouse_id', 'product', ...SHIPMENT_FIELD_NAMES] as const;

/** The server names the product field product_id; the form holds the whole product under `product`. */
function productFieldRenamed(error: unknown): unknown {
  if (!(error instanceof HttpError) || typeof error.data !== 'object' || error.data === null) return error;
  const data = error.data as { errors?: Record<string, unknown> };
  if (!data.errors || !('product_id' in data.errors)) return error;
  const { product_id: moved, ...rest } = data.errors;
  return new HttpError(error.status, { ...data, errors: { ...rest, product: moved } });
}

/** Spec 2 §5 Shipment create: a client announces stock on its way to a warehouse. */
export function ShipmentCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context = useWorkingContext();
  const accounts = useQuery(selectableAccountsQuery());
  const warehouses = useQuery(selectableWarehousesQuery());
  useFailureNotice(accounts.error, SHIPMENT_MESSAGES.loadAccountsFailed);
  useFailureNotice(warehouses.error, SHIPMENT_MESSAGES.loadWarehousesFailed);

  const form = useForm<CreateValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      account_id: '',
      warehouse_id: '',
      product: null,
      quantity: '',
      tracking_number: '',
      carrier: '',
      delivery_date: todayIso(),
      notes: '',
    },
  });

  const accountOptions = (accounts.data ?? []).filter(isActiveAccount).sort((a, b) => a.name.localeCompare(b.name));
  const accountId = form.watch('account_id');
  const account = accountOptions.find((a) => String(a.id) === accountId) ?? null;
  const warehouseOptions = account ? warehousesForAccount(warehouses.data ?? [], account) : [];
  const warehouseId = form.watch('warehouse_id');

  // Spec 2 §5: a single available account or warehouse is preselected (the header's choice when it fits).
  useEffect(() => {
    if (accountId !== '' || accountOptions.length === 0) return;
    const preferred =
      accountOptions.find((a) => a.id === context.accountId) ??
      (accountOptions.length === 1 ? accountOptions[0] : null);
    if (preferred) form.setValue('account_id', String(preferred.id));
  }, [accountId, accountOptions, context.accountId, form]);
  useEffect(() => {
    if (!account) return;
    if (warehouseId !== '' && warehouseOptions.some((w) => String(w.id) === warehouseId)) return;
    const preferred =
      warehouseOptions.find((w) => w.id === context.warehouseId) ??
      (warehouseOptions.length === 1 ? warehouseOptions[0] : null);
    form.setValue('warehouse_id', preferred ? String(preferred.id) : '');
  }, [account, warehouseId, warehouseOptions, context.warehouseId, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.product) return;
    try {
      await createShipment({
        account_id: Number(values.account_id),
        warehouse_id: Number(values.warehouse_id),
        product_id: values.product.id,
        ...toShipmentFields(values),
      });
      notifySuccess(SHIPMENT_MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
      navigate('/shipments');
    } catch (error) {
      applyServerErrors(productFieldRenamed(error), FIELDS, form.setError, SHIPMENT_MESSAGES.createFailed);
    }
  });

  return (
    <>
      <PageHeader
        title="Create Shipment"
        subtitle="Tell the warehouse what is on its way"
        actions={
          <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={() => navigate('/shipments')}>
            Back
          </Button>
        }
      />
      <FormCard
        onSubmit={onSubmit}
        rootError={form.formState.errors.root?.server?.message}
        submitLabel="Create Shipment"
        submitting={form.formState.isSubmitting}
        cancelTo="/shipments"
      >
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Controller
            control={form.control}
            name="account_id"
            render={({ field, fieldState }) => (
              <TextField
                select
                id="account_id"
                label="Account"
                required
                value={accountOptions.some((a) => String(a.id) === field.value) ? field.value : ''}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  form.setValue('product', null);
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {accountOptions.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="warehouse_id"
            render={({ field, fieldState }) => (
              <TextField
                select
                id="warehouse_id"
                label="Warehouse"
                required
                value={warehouseOptions.some((w) => String(w.id) === field.value) ? field.value : ''}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (account ? `Warehouses linked to ${account.name}` : undefined)}
              >
                {warehouseOptions.length === 0 && (
                  <MenuItem disabled value="">
                    {account ? 'No active warehouse is linked to this account' : 'Choose the account first'}
                  </MenuItem>
                )}
                {warehouseOptions.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.name} ({option.code})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Controller
          control={form.control}
          name="product"
          render={({ field, fieldState }) => (
            <AccountProductPicker
              accountId={account?.id ?? null}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <ShipmentFieldsInputs form={form} />
      </FormCard>
    </>
  );
}
