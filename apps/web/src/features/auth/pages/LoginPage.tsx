import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { ERRORS } from '@wms/contract/messages';
import { type LoginInput, loginSchema } from '@wms/contract/validation';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { textFieldProps } from '../../../lib/forms/textFieldProps';
import { returnPathFrom } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session/sessionStore';
import { signIn } from '../api';
import { AuthFormHeader } from '../components/AuthFormHeader';
import { PasswordField } from '../components/PasswordField';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    // Validate on submit, then as the user corrects: errors appearing on blur shift the layout under the cursor.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const rootError = form.formState.errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { token, user } = await signIn(input);
      sessionStore.signIn(token, user);
      // Back to the page asked for before sign-in (issue 13); the guard sends a client without a selected
      // account on to the account selection page first.
      navigate(returnPathFrom(search), { replace: true });
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, ERRORS.loginFailed);
    }
  });

  return (
    <>
      <AuthFormHeader title="Welcome Back" subtitle="Sign in to continue to your workspace" />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <TextField {...textFieldProps(form, 'email')} label="Email" type="email" autoComplete="email" autoFocus />
          <PasswordField {...textFieldProps(form, 'password')} label="Password" autoComplete="current-password" />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Signing in…' : 'Sign In'}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
          Create one
        </Link>
      </Typography>
    </>
  );
}
