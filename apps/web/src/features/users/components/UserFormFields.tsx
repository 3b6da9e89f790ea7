import { Grid, TextField } from '@mui/material';
import type { RoleName } from '@wms/contract/access';
import type { UpdateUserInput, updateUserSchema } from '@wms/contract/users';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { RoleSelect } from './RoleSelect';

/** The fields a user's create and edit forms share (the create form adds the warehouses). */
type UserFieldValues = z.input<typeof updateUserSchema>;

interface UserFormFieldsProps<T extends UserFieldValues, O extends FieldValues> {
  form: UseFormReturn<T, unknown, O>;
  /** The roles the signed-in user may hand out here. */
  roles: readonly RoleName[];
  /** Set when the role may not change (one's own), with the reason shown under it. */
  roleLocked?: string;
  /** Further fields, in the same grid. */
  children?: ReactNode;
}

/** Name, email and role of a user, in the two-column grid of the user forms. */
export function UserFormFields<T extends UserFieldValues, O extends FieldValues>({
  form: anyForm,
  roles,
  roleLocked,
  children,
}: UserFormFieldsProps<T, O>) {
  // Both forms hold at least these fields; react-hook-form's paths cannot be named on a generic form type.
  const form = anyForm as unknown as UseFormReturn<UserFieldValues, unknown, UpdateUserInput>;
  return (
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
              roles={roles}
              disabled={roleLocked !== undefined}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? roleLocked}
            />
          )}
        />
      </Grid>
      {children}
    </Grid>
  );
}
