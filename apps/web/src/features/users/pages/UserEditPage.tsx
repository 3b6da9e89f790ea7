import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@wms/contract/entities';
import { type UpdateUserInput, USER_MESSAGES, updateUserSchema } from '@wms/contract/users';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ErrorState } from '../../../components/ErrorState';
import { FormCard } from '../../../components/FormCard';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { userQuery, useUpdateUser } from '../api';
import { assignableRoles } from '../components/RoleSelect';
import { UserFormFields } from '../components/UserFormFields';

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
  const updateUser = useUpdateUser();
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
      const saved = await updateUser.mutateAsync({ id: user.id, input });
      // Editing oneself: keep the header and guard in step with the new name and email.
      if (isSelf) sessionStore.setUser({ ...saved.user, permissions: me?.permissions ?? saved.user.permissions });
      notifySuccess(USER_MESSAGES.updated);
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
      <UserFormFields
        form={form}
        roles={assignableRoles(me?.role, user.role)}
        roleLocked={isSelf ? 'You cannot change your own role.' : undefined}
      />
    </FormCard>
  );
}
