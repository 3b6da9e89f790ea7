import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { User } from '@wms/contract/entities';
import { changePasswordSchema, PROFILE_MESSAGES } from '@wms/contract/profile';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { markDeliberateSignOut } from '../../../lib/navigation';
import { notifySuccess } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session/session-store';
import { useChangePassword } from '../api';

const FIELDS = ['current_password', 'password', 'confirm_password'] as const;

/** POST /api/changePassword requires the current password; the contract's schema checks every field at once. */
const securitySchema = changePasswordSchema;
type SecurityInput = z.output<typeof securitySchema>;

export function SecurityTab({ user }: { user: User }) {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof securitySchema>, unknown, SecurityInput>({
    resolver: zodResolver(securitySchema),
    defaultValues: { current_password: '', password: '', confirm_password: '', revoke_api_keys: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const rootError = form.formState.errors.root?.server?.message;
  const change = useChangePassword();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync({ ...input, id: user.id });
      // The server has revoked every session of this user: sign in again with the new password.
      notifySuccess(PROFILE_MESSAGES.passwordChanged);
      markDeliberateSignOut();
      sessionStore.clearAll();
      navigate('/login', { replace: true });
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, PROFILE_MESSAGES.passwordChangeFailed);
    }
  });

  return (
    <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: 3 }}>
      <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
        {user.must_change_password && (
          <Alert severity="warning">
            You are still using the initial password you were given. Choose your own password to continue; you will then
            sign in again with it.
          </Alert>
        )}
        <Box>
          <Typography variant="h6">Change Password</Typography>
          <Typography variant="body2" color="text.secondary">
            At least 8 characters. Every device signed in to your account will be signed out.
          </Typography>
        </Box>
        {rootError && <Alert severity="error">{rootError}</Alert>}
        <TextField
          {...textFieldProps(form, 'current_password')}
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          {...textFieldProps(form, 'password')}
          label="New Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          {...textFieldProps(form, 'confirm_password')}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        {/* A key made with a stolen session would otherwise outlive the new password. */}
        {user.permissions.includes('view api keys') && (
          <Controller
            control={form.control}
            name="revoke_api_keys"
            render={({ field }) => (
              <FormControlLabel
                label="Also revoke my API keys"
                control={
                  <Checkbox checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />
                }
              />
            )}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Change Password'}
          </Button>
        </Box>
      </Stack>
    </CardContent>
  );
}
