import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogContent, DialogTitle, Grid, InputAdornment, TextField, Typography } from '@mui/material';
import { WAREHOUSE_MESSAGES, type WarehouseInput, warehouseInputSchema } from '@wms/contract/warehouses';
import { DEFAULT_AISLE_SPACING_CM, DEFAULT_RACK_SPACING_CM } from '@wms/contract/waves';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ActiveSwitch } from '../../../components/ActiveSwitch';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { failureNotice, isPageWordedError } from '../../../lib/api/failure-notice';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveWarehouse, type WarehouseRow } from '../api';

type SpacingField = 'aisle_spacing_cm' | 'rack_spacing_cm';
/** A spacing is '' while its field is being typed (the schema then refuses it with the field's message). */
type FormValues = Omit<z.input<typeof warehouseInputSchema>, SpacingField> & Partial<Record<SpacingField, number | ''>>;

const SAVE_FAILED = 'Failed to save warehouse';

const FIELDS = [
  'name',
  'code',
  'address',
  'city',
  'state',
  'zip_code',
  'country',
  'phone',
  'email',
  'manager_name',
  'is_active',
  'notes',
  'timezone',
  'aisle_spacing_cm',
  'rack_spacing_cm',
] as const;

const EMPTY: FormValues = {
  name: '',
  code: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  country: '',
  phone: '',
  email: '',
  manager_name: '',
  is_active: true,
  notes: '',
  timezone: 'UTC',
  aisle_spacing_cm: DEFAULT_AISLE_SPACING_CM,
  rack_spacing_cm: DEFAULT_RACK_SPACING_CM,
};

const valuesOf = (warehouse: WarehouseRow | null): FormValues =>
  warehouse
    ? {
        name: warehouse.name,
        code: warehouse.code,
        address: warehouse.address ?? '',
        city: warehouse.city ?? '',
        state: warehouse.state ?? '',
        zip_code: warehouse.zip_code ?? '',
        country: warehouse.country ?? '',
        phone: warehouse.phone ?? '',
        email: warehouse.email ?? '',
        manager_name: warehouse.manager_name ?? '',
        is_active: warehouse.is_active,
        notes: warehouse.notes ?? '',
        timezone: warehouse.timezone,
        aisle_spacing_cm: warehouse.aisle_spacing_cm,
        rack_spacing_cm: warehouse.rack_spacing_cm,
      }
    : EMPTY;

interface WarehouseFormDialogProps {
  open: boolean;
  /** null: add a warehouse. */
  warehouse: WarehouseRow | null;
  onClose: () => void;
}

/** Mounted per opening (keyed by the parent), so its defaults are the row being edited. */
export function WarehouseFormDialog({ open, warehouse, onClose }: WarehouseFormDialogProps) {
  const save = useSaveWarehouse();
  const form = useForm<FormValues, unknown, WarehouseInput>({
    resolver: zodResolver(warehouseInputSchema) as unknown as Resolver<FormValues, unknown, WarehouseInput>,
    defaultValues: valuesOf(warehouse),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: warehouse?.id, input });
      notifySuccess(warehouse ? WAREHOUSE_MESSAGES.updated : WAREHOUSE_MESSAGES.created);
      onClose();
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, WAREHOUSE_MESSAGES.fieldRequired);
      // A 422 is shown on the fields; the toast says what failed.
      if (isPageWordedError(error)) {
        notifyError(error.status === 422 ? SAVE_FAILED : failureNotice(error, SAVE_FAILED));
      }
    }
  });

  const text = (name: (typeof FIELDS)[number], label: string, extra: object = {}) => (
    <TextField {...textFieldProps(form, name)} label={label} fullWidth size="small" {...extra} />
  );

  const spacing = (name: SpacingField, label: string, helper: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={name}
          type="number"
          label={label}
          fullWidth
          size="small"
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">cm</InputAdornment> },
            htmlInput: { min: 1, max: 100000, step: 1 },
          }}
        />
      )}
    />
  );

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} maxWidth="md" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{warehouse ? 'Edit Warehouse' : 'Add Warehouse'}</DialogTitle>
        <DialogContent dividers>
          {form.formState.errors.root?.server?.message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {form.formState.errors.root.server.message}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>{text('name', 'Name', { required: true, autoFocus: true })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('code', 'Code', { required: true })}</Grid>
            <Grid size={12}>
              <Typography variant="overline" color="text.secondary">
                Location
              </Typography>
            </Grid>
            <Grid size={12}>{text('address', 'Address')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('city', 'City')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('state', 'State')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('zip_code', 'Zip Code')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('country', 'Country')}</Grid>
            <Grid size={12}>
              <Typography variant="overline" color="text.secondary">
                Contact
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('manager_name', 'Manager Name')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('phone', 'Phone', { type: 'tel' })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('email', 'Email', { type: 'email' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('timezone', 'Time Zone (IANA, e.g. Europe/Berlin)')}</Grid>
            <Grid size={12}>{text('notes', 'Notes', { multiline: true, minRows: 2 })}</Grid>
            <Grid size={12}>
              <Typography variant="overline" color="text.secondary">
                Walking model
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Picking estimates how far a wave walks from where the aisles and racks stand.
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {spacing('aisle_spacing_cm', 'Aisle spacing', 'From the middle of one aisle to the middle of the next.')}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {spacing('rack_spacing_cm', 'Rack spacing', 'The width of one rack (bay) along an aisle.')}
            </Grid>
            <Grid size={12}>
              <ActiveSwitch control={form.control} name="is_active" />
            </Grid>
          </Grid>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitting={submitting}
          submitLabel={warehouse ? 'Save Changes' : 'Add Warehouse'}
        />
      </form>
    </Dialog>
  );
}
