import { Alert, Button, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { HttpError } from '../../../lib/api/api-error';
import { notifySuccess } from '../../../lib/notify';
import { type PackingSettings, packingSettingsQuery, useSavePackingSettings } from '../api';

/**
 * How closed cartons are numbered: the SSCC-18 of each is the extension digit, the GS1 company prefix (an account
 * may have its own) and a serial the server counts without gaps, then the check digit.
 */
export function PackingTab() {
  const settings = useQuery(packingSettingsQuery());
  if (settings.isPending) return <LoadingState label="Loading packing settings…" />;
  if (settings.isError)
    return <ErrorState message="Failed to load packing settings" onRetry={() => void settings.refetch()} />;
  return <PackingForm initial={settings.data} />;
}

function PackingForm({ initial }: { initial: PackingSettings }) {
  const save = useSavePackingSettings();
  const [prefix, setPrefix] = useState(initial.gs1_company_prefix ?? '');
  const [digit, setDigit] = useState(String(initial.sscc_extension_digit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    save.mutate(
      { gs1_company_prefix: prefix.trim() || null, sscc_extension_digit: Number(digit) },
      {
        onSuccess: (answer) => notifySuccess(answer.message ?? 'Packing settings saved.'),
        onError: (error) => {
          if (!(error instanceof HttpError) || error.status !== 422) return;
          const fields = error.fieldErrors;
          setErrors(Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.join(', ')])));
          if (Object.keys(fields).length === 0) setFormError(error.serverMessage ?? 'The settings could not be saved.');
        },
      },
    );
  };

  return (
    <CardContent component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
      <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
        <Typography color="text.secondary">
          Every closed carton gets an SSCC-18: extension digit, GS1 company prefix, a serial counted without gaps, and
          the check digit. An account may use its own company prefix (set on the account).
        </Typography>
        <TextField
          id="gs1_company_prefix"
          label="GS1 company prefix"
          value={prefix}
          onChange={(event) => setPrefix(event.target.value.replace(/\D/g, ''))}
          error={Boolean(errors.gs1_company_prefix)}
          helperText={errors.gs1_company_prefix ?? '7 to 10 digits, from your GS1 member organisation'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
        <TextField
          id="sscc_extension_digit"
          label="SSCC extension digit"
          value={digit}
          onChange={(event) => setDigit(event.target.value.replace(/\D/g, '').slice(-1))}
          error={Boolean(errors.sscc_extension_digit)}
          helperText={errors.sscc_extension_digit ?? '0 to 9, chosen by you (often 0)'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1 } }}
        />
        {formError && <Alert severity="error">{formError}</Alert>}
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {save.isPending ? 'Saving…' : 'Save packing settings'}
        </Button>
      </Stack>
    </CardContent>
  );
}
