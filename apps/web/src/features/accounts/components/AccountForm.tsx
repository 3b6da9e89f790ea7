import { zodResolver } from '@hookform/resolvers/zod';
import { FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  clientAccountCreateSchema,
  clientAccountUpdateSchema,
  staffAccountCreateSchema,
  staffAccountUpdateSchema,
} from '@wms/contract/accounts';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, type Account } from '@wms/contract/entities';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ControlledSelect } from '../../../components/ControlledSelect';
import { FormCard } from '../../../components/FormCard';
import { statusLabel } from '../../../components/StatusChip';
import { WarehouseMultiSelect } from '../../../components/WarehouseMultiSelect';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { type AccountBody, clientUsersQuery } from '../api';

export interface AccountFormValues {
  name: string;
  warehouse_ids: number[];
  status: Account['status'] | '';
  account_type: Account['account_type'] | '';
  user_id: number | '';
  /** Printed under "Bill to" on its invoices. */
  billing_address: string;
  /** Days after issue an invoice is due (staff only; a number, or '' while the field is being typed). */
  payment_terms_days: number | '';
  /** Picking (staff only): lots expiring sooner than ship date + these days are never allocated. */
  min_remaining_shelf_life_days: number | '';
  /** Release what exists of a short order, the rest stays a backorder. */
  allow_partial_shipment: boolean;
  /** A picker may take another lot of the same product in the same location with equal or later expiry. */
  allow_lot_substitution: boolean;
  /** Packing (staff only): Ship is refused until the order has an uploaded shipping label. */
  require_label: boolean;
  /** Packing (staff only): the account's own GS1 company prefix for its cartons' SSCCs ('' = the installation's). */
  gs1_company_prefix: string;
}

const FIELDS = [
  'name',
  'warehouse_ids',
  'status',
  'account_type',
  'user_id',
  'billing_address',
  'payment_terms_days',
  'min_remaining_shelf_life_days',
  'allow_partial_shipment',
  'allow_lot_substitution',
  'require_label',
  'gs1_company_prefix',
] as const;

interface AccountFormProps {
  mode: 'create' | 'edit';
  /** Staff see owner, status and type; a client only names the account and picks its warehouses (spec 1 §5). */
  staff: boolean;
  initial: AccountFormValues;
  onSave: (body: AccountBody) => Promise<void>;
}

const schemaFor = (mode: 'create' | 'edit', staff: boolean) => {
  if (mode === 'create') return staff ? staffAccountCreateSchema : clientAccountCreateSchema;
  return staff ? staffAccountUpdateSchema : clientAccountUpdateSchema;
};

export function AccountForm({ mode, staff, initial, onSave }: AccountFormProps) {
  const warehouses = useQuery(selectableWarehousesQuery());
  const owners = useQuery({ ...clientUsersQuery(), enabled: staff });
  const form = useForm<AccountFormValues>({
    // Each schema validates the fields its form has; the values type is the union of all of them.
    resolver: zodResolver(schemaFor(mode, staff)) as unknown as Resolver<AccountFormValues>,
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave({
        ...values,
        payment_terms_days: values.payment_terms_days === '' ? undefined : values.payment_terms_days,
        min_remaining_shelf_life_days:
          values.min_remaining_shelf_life_days === '' ? undefined : values.min_remaining_shelf_life_days,
        gs1_company_prefix: values.gs1_company_prefix?.trim() ? values.gs1_company_prefix.trim() : null,
      } as AccountBody);
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });

  return (
    <FormCard
      onSubmit={onSubmit}
      rootError={form.formState.errors.root?.server?.message}
      submitLabel={mode === 'create' ? 'Create Account' : 'Save Changes'}
      submitting={form.formState.isSubmitting}
      cancelTo="/accounts"
    >
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...textFieldProps(form, 'name')} label="Account Name" fullWidth autoFocus />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={form.control}
            name="warehouse_ids"
            render={({ field, fieldState }) => (
              <WarehouseMultiSelect
                options={warehouses.data ?? []}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                loading={warehouses.isPending}
                error={fieldState.error?.message}
                loadError={warehouses.isError ? 'Failed to fetch warehouses' : undefined}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: staff ? 8 : 12 }}>
          <TextField
            {...textFieldProps(form, 'billing_address')}
            label="Billing address"
            multiline
            minRows={2}
            fullWidth
          />
        </Grid>
        {staff && (
          <Grid size={{ xs: 12, md: 4 }}>
            <Controller
              control={form.control}
              name="payment_terms_days"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="payment_terms_days"
                  type="number"
                  label="Payment terms (days)"
                  fullWidth
                  onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Invoices are due this many days after issue.'}
                  slotProps={{ htmlInput: { min: 0, max: 365, step: 1 } }}
                />
              )}
            />
          </Grid>
        )}
        {staff && (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="user_id"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="user_id"
                    select
                    label="Account Owner"
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? (owners.isError ? 'Failed to fetch users' : undefined)}
                  >
                    {owners.isPending && (
                      <MenuItem value="" disabled>
                        Loading client users…
                      </MenuItem>
                    )}
                    {(owners.data ?? []).map((owner) => (
                      <MenuItem key={owner.id} value={owner.id}>
                        {owner.name} ({owner.email})
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <ControlledSelect
                control={form.control}
                name="status"
                label="Status"
                options={ACCOUNT_STATUSES}
                labelOf={statusLabel}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <ControlledSelect
                control={form.control}
                name="account_type"
                label="Type"
                options={ACCOUNT_TYPES}
                labelOf={statusLabel}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="min_remaining_shelf_life_days"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="min_remaining_shelf_life_days"
                    type="number"
                    label="Min remaining shelf life (days)"
                    fullWidth
                    onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error?.message ?? 'Lots expiring sooner after the ship date are never picked.'
                    }
                    slotProps={{ htmlInput: { min: 0, max: 3650, step: 1 } }}
                  />
                )}
              />
            </Grid>
            {(['allow_partial_shipment', 'allow_lot_substitution'] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, md: 4 }}>
                <Controller
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                      }
                      label={
                        name === 'allow_partial_shipment'
                          ? 'Partial shipment: release what is in stock, backorder the rest'
                          : 'Lot substitution: pickers may take a lot expiring no sooner'
                      }
                    />
                  )}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="require_label"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                    }
                    label="Require a shipping label before Ship"
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...textFieldProps(form, 'gs1_company_prefix')}
                label="GS1 company prefix (optional)"
                fullWidth
                helperText={
                  form.formState.errors.gs1_company_prefix?.message ??
                  "The account's own prefix for its carton SSCCs; empty uses the installation's."
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
              />
            </Grid>
          </>
        )}
      </Grid>
    </FormCard>
  );
}
