import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
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
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session/use-session';
import { useCreateUser } from '../api';
import { InitialPasswordDialog } from '../components/InitialPasswordDialog';
import { assignableRoles } from '../components/RoleSelect';
import { UserFormFields } from '../components/UserFormFields';

const FIELDS = ['name', 'email', 'role', 'warehouse_ids'] as const;

export function UserCreatePage() {
  const navigate = useNavigate();
  const createUser = useCreateUser();
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
      const answer = await createUser.mutateAsync(input);
      notifySuccess(USER_MESSAGES.created);
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
        <UserFormFields form={form} roles={assignableRoles(me?.role)}>
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
        </UserFormFields>
      </FormCard>
      <InitialPasswordDialog created={created} onClose={() => navigate('/users')} />
    </>
  );
}
