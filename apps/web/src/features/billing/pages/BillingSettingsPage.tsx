import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  BILLING_SETTINGS_MESSAGES,
  type BillingSettings,
  billingSettingsInputSchema,
} from '@wms/contract/billing-settings';
import { type Resolver, useForm } from 'react-hook-form';
import { ErrorState } from '../../../components/ErrorState';
import { FormCard } from '../../../components/FormCard';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { billingSettingsQuery, useSaveBillingSettings } from '../api';
import { BillingTabs } from '../components/BillingTabs';

type Values = Pick<BillingSettings, 'company_name' | 'address' | 'tax_id' | 'logo'>;
const FIELDS = ['company_name', 'address', 'tax_id', 'logo'] as const;

/** A chosen image as a data URL (what the server stores and embeds in each PDF). */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * /billing/settings (`manage billing`): whom invoices come from — company name, address, tax id
 * and logo, printed at the top of every invoice PDF. A finalized invoice keeps the issuer it was finalized with.
 */
export function BillingSettingsPage() {
  const settings = useQuery(billingSettingsQuery());
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => settings.refetch()} />;
  return <SettingsForm initial={settings.data.settings} />;
}

function SettingsForm({ initial }: { initial: Values }) {
  const saveBillingSettings = useSaveBillingSettings();
  const form = useForm<Values>({
    resolver: zodResolver(billingSettingsInputSchema) as unknown as Resolver<Values>,
    defaultValues: {
      company_name: initial.company_name,
      address: initial.address,
      tax_id: initial.tax_id,
      logo: initial.logo,
    },
  });
  const logo = form.watch('logo');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveBillingSettings.mutateAsync(values);
      notifySuccess(saved.message);
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });

  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      notifyError(BILLING_SETTINGS_MESSAGES.logoInvalid);
      return;
    }
    form.setValue('logo', await readAsDataUrl(file), { shouldDirty: true });
    form.clearErrors('logo');
  };

  return (
    <>
      <PageHeader title="Billing settings" subtitle="Whom invoices come from: printed at the top of every invoice." />
      <BillingTabs />
      <FormCard
        onSubmit={onSubmit}
        rootError={form.formState.errors.root?.server?.message}
        submitLabel="Save settings"
        submitting={form.formState.isSubmitting}
        cancelTo="/billing"
      >
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField {...textFieldProps(form, 'company_name')} label="Company name" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField {...textFieldProps(form, 'tax_id')} label="Tax ID" fullWidth />
          </Grid>
          <Grid size={12}>
            <TextField {...textFieldProps(form, 'address')} label="Address" multiline minRows={3} fullWidth />
          </Grid>
          <Grid size={12}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              {logo ? (
                <Box component="img" src={logo} alt="Invoice logo" sx={{ maxHeight: 56, maxWidth: 160 }} />
              ) : (
                <Typography color="text.secondary">No logo</Typography>
              )}
              <Button variant="outlined" component="label">
                Choose logo (PNG or JPEG)
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg"
                  aria-label="Logo file"
                  onChange={(e) => chooseLogo(e.target.files?.[0])}
                />
              </Button>
              {logo && (
                <Button color="error" onClick={() => form.setValue('logo', null, { shouldDirty: true })}>
                  Remove logo
                </Button>
              )}
            </Stack>
            {form.formState.errors.logo && (
              <Typography color="error" role="alert" sx={{ mt: 1 }}>
                {form.formState.errors.logo.message}
              </Typography>
            )}
          </Grid>
        </Grid>
      </FormCard>
    </>
  );
}
