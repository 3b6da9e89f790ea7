import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogContent, DialogTitle, Grid, MenuItem, TextField } from '@mui/material';
import {
  LOCATION_MESSAGES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  type Location,
  type LocationFormValues,
  type LocationInput,
  locationInputSchema,
} from '@wms/contract/locations';
import { Controller, useForm } from 'react-hook-form';
import { ActiveSwitch } from '../../../components/ActiveSwitch';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { failureNotice, isPageWordedError } from '../../../lib/api/failure-notice';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateLocation, useUpdateLocation } from '../api';

const SAVE_FAILED = 'Failed to save location';
const FIELDS = [
  'code',
  'zone',
  'aisle',
  'rack',
  'level',
  'bin',
  'type',
  'walk_sequence',
  'max_units',
  'is_active',
  'notes',
] as const;

const valuesOf = (location: Location | null): LocationFormValues => ({
  code: location?.code ?? '',
  zone: location?.zone ?? '',
  aisle: location?.aisle ?? '',
  rack: location?.rack ?? '',
  level: location?.level ?? '',
  bin: location?.bin ?? '',
  type: location?.type ?? 'storage',
  walk_sequence: location?.walk_sequence ?? null,
  max_units: location?.max_units ?? null,
  is_active: location?.is_active ?? true,
  notes: location?.notes ?? '',
});

/** An empty number field is "not set" (null); anything else goes to the schema as a number (NaN fails it). */
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

interface LocationFormDialogProps {
  warehouseId: number;
  /** null: a new location. */
  location: Location | null;
  onClose: () => void;
}

/** Mounted per opening (keyed by the parent), so its defaults are the row being edited. */
export function LocationFormDialog({ warehouseId, location, onClose }: LocationFormDialogProps) {
  const createLocation = useCreateLocation(warehouseId);
  const updateLocation = useUpdateLocation();
  const form = useForm<LocationFormValues, unknown, LocationInput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: valuesOf(location),
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (location) await updateLocation.mutateAsync({ id: location.id, input });
      else await createLocation.mutateAsync(input);
      notifySuccess(location ? LOCATION_MESSAGES.updated : LOCATION_MESSAGES.created);
      onClose();
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, SAVE_FAILED);
      if (isPageWordedError(error)) notifyError(error.status === 422 ? SAVE_FAILED : failureNotice(error, SAVE_FAILED));
    }
  });

  const text = (name: (typeof FIELDS)[number], label: string, extra: object = {}) => (
    <TextField {...textFieldProps(form, name)} label={label} fullWidth size="small" {...extra} />
  );
  const number = (name: 'walk_sequence' | 'max_units', label: string, helper: string) => {
    const { ref, ...registration } = form.register(name, { setValueAs: optionalNumber });
    const message = form.formState.errors[name]?.message;
    return (
      <TextField
        {...registration}
        id={name}
        inputRef={ref}
        label={label}
        type="number"
        fullWidth
        size="small"
        error={Boolean(message)}
        helperText={message ?? helper}
      />
    );
  };

  return (
    <Dialog open onClose={submitting ? undefined : onClose} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{location ? `Edit Location ${location.code}` : 'Add Location'}</DialogTitle>
        <DialogContent dividers>
          {form.formState.errors.root?.server?.message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {form.formState.errors.root.server.message}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>{text('code', 'Code', { required: true, autoFocus: true })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('zone', 'Zone', { required: true })}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('aisle', 'Aisle')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('rack', 'Rack')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('level', 'Level')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('bin', 'Bin')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="type"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Type"
                    size="small"
                    fullWidth
                    id="type"
                    value={field.value ?? 'storage'}
                    onChange={(event) => field.onChange(event.target.value)}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {LOCATION_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        {LOCATION_TYPE_LABELS[type]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{number('walk_sequence', 'Walk Sequence', 'Empty: code order')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{number('max_units', 'Max Units', 'Empty: no limit')}</Grid>
            <Grid size={12}>{text('notes', 'Notes', { multiline: true, minRows: 2 })}</Grid>
            <Grid size={12}>
              <ActiveSwitch control={form.control} name="is_active" />
            </Grid>
          </Grid>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitting={submitting}
          submitLabel={location ? 'Save Changes' : 'Add Location'}
        />
      </form>
    </Dialog>
  );
}
