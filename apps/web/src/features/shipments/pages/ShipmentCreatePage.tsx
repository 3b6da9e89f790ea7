import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@wms/contract/products';
import { SHIPMENT_LINES_MAX, SHIPMENT_MESSAGES, SHIPMENT_QUANTITY_MAX } from '@wms/contract/shipments';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormCard } from '../../../components/FormCard';
import { LinkedWarehouseSelect } from '../../../components/LinkedWarehouseSelect';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/api/api-error';
import { selectableAccountsQuery, selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { isActiveAccount, warehousesForAccount } from '../../../lib/context/valid-pairs';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useCreateShipment } from '../api';
import { AccountProductPicker } from '../components/AccountProductPicker';
import { ShipmentFieldsInputs } from '../components/ShipmentFieldsInputs';
import { SHIPMENT_FIELD_NAMES, shipmentFieldsSchema, todayIso, toShipmentFields } from '../shipment-form';

const productField = z
  .custom<Product | null>((value) => value === null || typeof value === 'object')
  .refine((value) => value !== null, SHIPMENT_MESSAGES.productRequired);

/** The products after the first one ("Add product"): each with its own quantity. */
const extraLine = z.object({
  product: productField,
  quantity: shipmentFieldsSchema.shape.quantity,
});

const schema = shipmentFieldsSchema
  .extend({
    account_id: z.string().min(1, SHIPMENT_MESSAGES.accountRequired),
    warehouse_id: z.string().min(1, SHIPMENT_MESSAGES.warehouseRequired),
    product: productField,
    extra_lines: z.array(extraLine).max(SHIPMENT_LINES_MAX - 1, SHIPMENT_MESSAGES.tooManyLines),
  })
  .superRefine((values, ctx) => {
    const seen = new Set(values.product ? [values.product.id] : []);
    values.extra_lines.forEach((line, index) => {
      if (!line.product) return;
      if (seen.has(line.product.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['extra_lines', index, 'product'],
          message: SHIPMENT_MESSAGES.productOnAnotherLine,
        });
      }
      seen.add(line.product.id);
    });
  });
type CreateValues = z.input<typeof schema>;

const FIELDS = ['account_id', 'warehouse_id', 'product', ...SHIPMENT_FIELD_NAMES] as const;

/**
 * The server names the product field product_id (and `lines.N.product_id` / `lines.N.quantity` with several
 * products); the form holds the first product under `product` and the others under `extra_lines.(N-1)`.
 */
function productFieldRenamed(error: unknown): unknown {
  if (!(error instanceof HttpError) || typeof error.data !== 'object' || error.data === null) return error;
  const data = error.data as { errors?: Record<string, unknown> };
  if (!data.errors) return error;
  const renamed: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(data.errors)) {
    const line = /^lines\.(\d+)\.(product_id|quantity)$/.exec(field);
    const name = line ? (line[2] === 'product_id' ? 'product' : 'quantity') : field;
    if (field === 'product_id') renamed.product = messages;
    else if (!line) renamed[field] = messages;
    else if (line[1] === '0') renamed[name] = messages;
    else renamed[`extra_lines.${Number(line[1]) - 1}.${name}`] = messages;
  }
  return new HttpError(error.status, { ...data, errors: renamed });
}

/** Spec 2 §5 Shipment create: a client announces stock on its way to a warehouse. */
export function ShipmentCreatePage() {
  const navigate = useNavigate();
  const createShipment = useCreateShipment();
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
      extra_lines: [],
    },
  });
  const extraLines = useFieldArray({ control: form.control, name: 'extra_lines' });

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
    const { quantity, ...fields } = toShipmentFields(values);
    const common = { account_id: Number(values.account_id), warehouse_id: Number(values.warehouse_id), ...fields };
    try {
      // One product keeps the spec's body; several go as lines.
      await createShipment.mutateAsync(
        values.extra_lines.length === 0
          ? { ...common, product_id: values.product.id, quantity }
          : {
              ...common,
              lines: [
                { product_id: values.product.id, quantity },
                ...values.extra_lines.map((line) => ({
                  product_id: line.product!.id,
                  quantity: Number(line.quantity),
                })),
              ],
            },
      );
      notifySuccess(SHIPMENT_MESSAGES.created);
      navigate('/shipments');
    } catch (error) {
      const extraFields = values.extra_lines.flatMap((_, i) => [
        `extra_lines.${i}.product` as const,
        `extra_lines.${i}.quantity` as const,
      ]);
      applyServerErrors(
        productFieldRenamed(error),
        [...FIELDS, ...extraFields],
        form.setError,
        SHIPMENT_MESSAGES.createFailed,
      );
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
                  form.setValue('extra_lines', []);
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
          <LinkedWarehouseSelect
            control={form.control}
            name="warehouse_id"
            options={warehouseOptions}
            hint={account ? `Warehouses linked to ${account.name}` : undefined}
            emptyText={account ? 'No active warehouse is linked to this account' : 'Choose the account first'}
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
        {extraLines.fields.map((line, index) => (
          <Box
            key={line.id}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr auto', sm: '2fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              <Controller
                control={form.control}
                name={`extra_lines.${index}.product`}
                render={({ field, fieldState }) => (
                  <AccountProductPicker
                    id={`extra_product_${index}`}
                    label={`Product ${index + 2}`}
                    accountId={account?.id ?? null}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Box>
            <Controller
              control={form.control}
              name={`extra_lines.${index}.quantity`}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id={`extra_quantity_${index}`}
                  label={`Quantity ${index + 2}`}
                  type="number"
                  required
                  slotProps={{ htmlInput: { min: 1, max: SHIPMENT_QUANTITY_MAX, step: 1 } }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <IconButton
              aria-label={`Remove product ${index + 2}`}
              onClick={() => extraLines.remove(index)}
              sx={{ mt: 1 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            disabled={extraLines.fields.length >= SHIPMENT_LINES_MAX - 1}
            onClick={() => extraLines.append({ product: null, quantity: '' })}
          >
            Add product
          </Button>
        </Box>
      </FormCard>
    </>
  );
}
