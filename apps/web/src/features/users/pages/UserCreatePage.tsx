import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Grid, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateUserInput, createUserSchema, USER_MESSAGES } from '@wms/contract/users';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormCard } from '../../../components/FormCard';
import { PageHeader } from '../../../components/PageHeader';
import { WarehouseMultiSelect } from '../../../components/WarehouseMultiSelect';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session/use-session';
import { createUser } from '../api';
import { InitialPasswordDialog } from '../components/InitialPasswordDialog';
import { assignableRoles, RoleSelect } from '../components/RoleSelect';
import { userKeys } from '../query-keys';

const FIELDS = ['name', 'email', 'role', 'warehouse_ids'] as const;

export function UserCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const warehouses = useQuery(selectableWarehousesQuery());
  const form = useForm<z.input<typeof createUserSchema>, unknown, CreateUserInput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { name: '', email: '', role: '' as CreateUserInput['role'], warehouse_ids: [] },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await createUser(input);
      notifySuccess(USER_MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      // Servers that generate the password answer it once: show it before leaving (older ones use the default).
      if (answer.initial_password) {
        setCreated({ name: answer.user.name, email: answer.user.email, password: answer.initial_password });
      } else navigate('/users');
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });

  return (
    <>
      <PageHeader title="Create User" subtitle="Add a person who signs in to WMS" />
      <FormCard
        onSubmit={onSubmit}
        rootError={form.formState.errors.root?.server?.message}
        submitLabel="Create User"
        submitting={form.formState.isSubmitting}
        cancelTo="/users"
      >
        <Alert severity="info">
          After creating the user you see their initial password once, to give to them. They are asked to choose their
          own password at first sign-in.
        </Alert>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField {...textFieldProps(form, 'name')} label="Name" fullWidth autoFocus />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField {...textFieldProps(form, 'email')} label="Email" type="email" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <RoleSelect
                  {...field}
                  id="role"
                  label="Role"
                  fullWidth
                  roles={assignableRoles(me?.role)}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={form.control}
              name="warehouse_ids"
              render={({ field, fieldState }) => (
                <WarehouseMultiSelect
                  options={warehouses.data ?? []}
                  value={(field.value ?? []) as number[]}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  loading={warehouses.isPending}
                  error={fieldState.error?.message}
                  loadError={warehouses.isError ? 'Failed to fetch warehouses' : undefined}
                />
              )}
            />
          </Grid>
        </Grid>
      </FormCard>
      <InitialPasswordDialog created={created} onClose={() => navigate('/users')} />
    </>
  );
}
