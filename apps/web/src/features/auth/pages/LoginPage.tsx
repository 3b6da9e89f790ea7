import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { ERRORS } from '@wms/contract/messages';
import type { LoginInput } from '@wms/contract/validation';
import type { UseFormSetError } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { OutlinedField } from '../../../components/OutlinedField';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { returnPathFrom } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session/session-store';
import { signIn } from '../api';
import { AuthFormHeader } from '../components/AuthFormHeader';
import { PasswordField } from '../components/PasswordField';
import { useSignInForm } from '../use-sign-in-form';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useSignInForm(async (input, setError) => {
    try {
      const { token, user } = await signIn(input);
      sessionStore.signIn(token, user);
      // Back to the page asked for before sign-in; the guard sends a client without a selected
      // account on to the account selection page first.
      navigate(returnPathFrom(search), { replace: true });
    } catch (error) {
      applyServerErrors<LoginInput>(error, FIELDS, setError as UseFormSetError<LoginInput>, ERRORS.loginFailed);
    }
  });
  const rootError = form.errors.root;

  return (
    <>
      <AuthFormHeader title="Welcome Back" subtitle="Sign in to continue to your workspace" />
      <Box component="form" noValidate onSubmit={form.onSubmit}>
        <Stack spacing={2.5}>
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <OutlinedField {...form.field('email')} label="Email" type="email" autoComplete="email" autoFocus />
          <PasswordField {...form.field('password')} label="Password" autoComplete="current-password" />
          <Button type="submit" variant="contained" size="large" disabled={form.submitting}>
            {form.submitting ? 'Signing in…' : 'Sign In'}
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
