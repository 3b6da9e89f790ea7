import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, FormControlLabel, Grid, MenuItem, TextField } from '@mui/material';
import { DEFAULT_STATUS_COLOR, ORDER_LIFECYCLES, STATUS_AUDIENCES } from '@wms/contract/order-lifecycle';
import {
  STATUS_MESSAGES,
  type Status,
  type StatusCreateInput,
  statusCreateSchema,
  statusUpdateSchema,
} from '@wms/contract/statuses';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ActiveSwitch } from '../../../components/ActiveSwitch';
import { FormCard } from '../../../components/FormCard';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { ColorPalette } from './ColorPalette';
import { ModuleCheckboxes } from './ModuleCheckboxes';
import { StatusPreview } from './StatusPreview';

type FormValues = z.input<typeof statusCreateSchema>;

const FIELDS = [
  'name',
  'description',
  'color',
  'is_active',
  'sort_order',
  'modules',
  'audience',
  'lifecycle',
  'holds_release',
] as const;

const AUDIENCE_LABELS: Record<(typeof STATUS_AUDIENCES)[number], string> = {
  all: 'Everyone',
  client: 'Clients',
  manager: 'Managers',
};
const LIFECYCLE_LABELS: Record<(typeof ORDER_LIFECYCLES)[number], string> = {
  open: 'Open (keeps the reservation)',
  shipped: 'Shipped (deducts stock, final)',
  cancelled: 'Cancelled (releases the reservation)',
};

/** Spec 2 §3 defaults: Blue, active, sort order 0. */
export const statusFormValues = (status?: Status): FormValues => ({
  name: status?.name ?? '',
  description: status?.description ?? '',
  color: status?.color ?? DEFAULT_STATUS_COLOR,
  is_active: status?.is_active ?? true,
  sort_order: status?.sort_order ?? 0,
  modules: (status?.assigned_modules ?? []) as FormValues['modules'],
  audience: status?.audience ?? 'all',
  lifecycle: status?.lifecycle ?? 'open',
  holds_release: status?.holds_release ?? false,
});

interface StatusFormProps {
  mode: 'create' | 'edit';
  initial: FormValues;
  modules: Record<string, string>;
  /** A status the order rules depend on: its lifecycle, active flag and Orders module are fixed. */
  system?: boolean;
  submitLabel: string;
  onSave: (input: StatusCreateInput) => Promise<void>;
}

export function StatusForm({ mode, initial, modules, system = false, submitLabel, onSave }: StatusFormProps) {
  const form = useForm<FormValues, unknown, StatusCreateInput>({
    // The edit page words a missing name differently (spec 2 §5).
    resolver: zodResolver(mode === 'create' ? statusCreateSchema : statusUpdateSchema),
    defaultValues: initial,
  });
  const watched = useWatch({ control: form.control });
  const chosenModules = (watched.modules ?? []) as string[];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });

  return (
    <FormCard
      onSubmit={onSubmit}
      rootError={form.formState.errors.root?.server?.message}
      submitLabel={submitLabel}
      submitting={form.formState.isSubmitting}
      cancelTo="/statuses"
    >
      {chosenModules.length === 0 && (
        <Alert severity="warning" data-testid="no-module-warning">
          {STATUS_MESSAGES.noModuleWarning}
        </Alert>
      )}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 7 }} container spacing={2.5}>
          <Grid size={12}>
            <TextField
              {...textFieldProps(form, 'name')}
              label="Name"
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              {...textFieldProps(form, 'description')}
              label="Description"
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...textFieldProps(form, 'sort_order')}
              label="Sort Order"
              type="number"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ActiveSwitch
              control={form.control}
              name="is_active"
              sx={{ mt: 1 }}
              label={system ? 'Active (required by the order rules)' : 'Active'}
              disabled={system}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={form.control}
              name="color"
              render={({ field, fieldState }) => (
                <ColorPalette
                  value={field.value ?? DEFAULT_STATUS_COLOR}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={form.control}
              name="modules"
              render={({ field, fieldState }) => (
                <ModuleCheckboxes
                  modules={modules}
                  value={(field.value ?? []) as string[]}
                  onChange={field.onChange}
                  locked={system ? ['orders'] : []}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="audience"
              render={({ field }) => (
                <TextField
                  {...field}
                  id="audience"
                  select
                  fullWidth
                  label="Offered to"
                  helperText="Who sees it in the order status selector"
                >
                  {STATUS_AUDIENCES.map((option) => (
                    <MenuItem key={option} value={option}>
                      {AUDIENCE_LABELS[option]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="lifecycle"
              render={({ field }) => (
                <TextField
                  {...field}
                  id="lifecycle"
                  select
                  fullWidth
                  disabled={system}
                  label="Effect on stock"
                  helperText={
                    system ? 'Fixed: the order rules depend on this status' : 'What setting it does to an order'
                  }
                >
                  {ORDER_LIFECYCLES.map((option) => (
                    <MenuItem key={option} value={option}>
                      {LIFECYCLE_LABELS[option]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={form.control}
              name="holds_release"
              render={({ field }) => (
                <FormControlLabel
                  label="Holds release (orders in this status are not released into waves)"
                  control={
                    <Checkbox
                      checked={field.value ?? false}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                />
              )}
            />
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <StatusPreview
            name={watched.name ?? ''}
            description={watched.description ?? ''}
            color={watched.color ?? DEFAULT_STATUS_COLOR}
            isActive={watched.is_active ?? true}
            modules={chosenModules.map((key) => modules[key] ?? key)}
          />
        </Grid>
      </Grid>
    </FormCard>
  );
}
