import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, TextField } from '@mui/material';
import { type Shipper, type ShipperInput, shipperInputSchema } from '@wms/contract/shippers';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ActiveSwitch } from '../../../components/ActiveSwitch';
import { FormCard } from '../../../components/FormCard';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';

type FormValues = z.input<typeof shipperInputSchema>;

const FIELDS = ['name', 'code', 'description', 'website', 'is_active', 'tracking_url'] as const;

export const shipperFormValues = (shipper?: Shipper): FormValues => ({
  name: shipper?.name ?? '',
  code: shipper?.code ?? '',
  description: shipper?.description ?? '',
  website: shipper?.website ?? '',
  // Spec 1 §4: new shippers are active by default.
  is_active: shipper?.is_active ?? true,
  tracking_url: shipper?.tracking_url ?? '',
});

interface ShipperFormProps {
  initial: FormValues;
  submitLabel: string;
  cancelTo: string;
  onSave: (input: ShipperInput) => Promise<void>;
}

export function ShipperForm({ initial, submitLabel, cancelTo, onSave }: ShipperFormProps) {
  const form = useForm<FormValues, unknown, ShipperInput>({
    resolver: zodResolver(shipperInputSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });

  const trackingProps = textFieldProps(form, 'tracking_url');

  return (
    <FormCard
      onSubmit={onSubmit}
      rootError={form.formState.errors.root?.server?.message}
      submitLabel={submitLabel}
      submitting={form.formState.isSubmitting}
      cancelTo={cancelTo}
    >
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextField {...textFieldProps(form, 'name')} label="Name" required fullWidth autoFocus />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...textFieldProps(form, 'code')} label="Code" required fullWidth />
        </Grid>
        <Grid size={12}>
          <TextField {...textFieldProps(form, 'description')} label="Description" fullWidth multiline minRows={2} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...textFieldProps(form, 'website')}
            label="Website"
            type="url"
            placeholder="https://www.example.com"
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...trackingProps}
            label="Tracking URL"
            placeholder="https://track.example.com/?number={tracking_number}"
            helperText={trackingProps.helperText ?? 'Must contain {tracking_number} where the parcel number goes'}
            fullWidth
          />
        </Grid>
        <Grid size={12}>
          <ActiveSwitch control={form.control} name="is_active" />
        </Grid>
      </Grid>
    </FormCard>
  );
}
