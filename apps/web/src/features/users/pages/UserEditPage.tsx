import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@wms/contract/entities';
import { type UpdateUserInput, USER_MESSAGES, updateUserSchema } from '@wms/contract/users';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ErrorState } from '../../../components/ErrorState';
import { FormCard } from '../../../components/FormCard';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifySuccess } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { updateUser, userQuery } from '../api';
import { assignableRoles, RoleSelect } from '../components/RoleSelect';
import { userKeys } from '../query-keys';

const FIELDS = ['name', 'email', 'role'] as const;

export function UserEditPage() {
  const id = Number(useParams().id);
  const user = useQuery(userQuery(id));

  return (
    <>
      <PageHeader title="Edit User" subtitle={user.data?.email} />
      {user.isPending && <LoadingState label="Loading user…" />}
      {user.isError && <ErrorState message="Failed to load the user" onRetry={() => void user.refetch()} />}
      {user.data && <UserEditForm key={user.data.id} user={user.data} />}
    </>
  );
}

function UserEditForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const isSelf = me?.id === user.id;
  const form = useForm<z.input<typeof updateUserSchema>, unknown, UpdateUserInput>({
    resolver: zodResolver(updateUserSchema),
    defaultValues: { name: user.name, email: user.email, role: user.role },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await updateUser(user.id, input);
      // Editing oneself: keep the header and guard in step with the new name and email.
      if (isSelf) sessionStore.setUser({ ...saved.user, permissions: me?.permissions ?? saved.user.permissions });
      notifySuccess(USER_MESSAGES.updated);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      navigate('/users');
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });

  return (
    <FormCard
      onSubmit={onSubmit}
      rootError={form.formState.errors.root?.server?.message}
      submitLabel="Save Changes"
      submitting={form.formState.isSubmitting}
      cancelTo="/users"
    >
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
                roles={assignableRoles(me?.role, user.role)}
                disabled={isSelf}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (isSelf ? 'You cannot change your own role.' : undefined)}
              />
            )}
          />
        </Grid>
      </Grid>
    </FormCard>
  );
}
