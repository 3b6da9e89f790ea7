import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ERRORS, SUCCESS } from '@wms/contract/messages';
import { type RegisterInput, registerSchema } from '@wms/contract/validation';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { WarehouseMultiSelect } from '../../../components/WarehouseMultiSelect';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session/session-store';
import { publicWarehousesQuery, registerUser } from '../api';
import { AuthFormHeader } from '../components/AuthFormHeader';
import { PasswordField } from '../components/PasswordField';

const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'warehouse_ids'] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const warehouses = useQuery(publicWarehousesQuery());
  const form = useForm<z.input<typeof registerSchema>, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '', warehouse_ids: [] },
    // Validate on submit, then as the user corrects: errors appearing on blur shift the layout under the cursor.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const rootError = form.formState.errors.root?.server?.message;

  useEffect(() => {
    if (warehouses.isError) notifyError(ERRORS.fetchWarehouses);
  }, [warehouses.isError]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { token, user } = await registerUser(input);
      sessionStore.signIn(token, user);
      notifySuccess(SUCCESS.registration);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, ERRORS.registrationFailed);
    }
  });

  return (
    <>
      <AuthFormHeader title="Create Account" subtitle="Register to start managing your fulfilment" />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <TextField {...textFieldProps(form, 'name')} label="Name" autoComplete="name" autoFocus />
          <TextField {...textFieldProps(form, 'email')} label="Email" type="email" autoComplete="email" />
          <PasswordField {...textFieldProps(form, 'password')} label="Password" autoComplete="new-password" />
          <PasswordField
            {...textFieldProps(form, 'password_confirmation')}
            label="Confirm Password"
            autoComplete="new-password"
          />
          <Controller
            control={form.control}
            name="warehouse_ids"
            render={({ field, fieldState }) => (
              <WarehouseMultiSelect
                options={warehouses.data ?? []}
                value={field.value as number[]}
                onChange={field.onChange}
                onBlur={field.onBlur}
                loading={warehouses.isPending}
                error={fieldState.error?.message}
                loadError={warehouses.isError ? ERRORS.fetchWarehouses : undefined}
              />
            )}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Creating account…' : 'Create Account'}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Sign in
        </Link>
      </Typography>
    </>
  );
}
