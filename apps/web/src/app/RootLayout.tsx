import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { checkAuthentication } from '../lib/session/auth-check';

/**
 * Renders at once (no blank 'Checking your session…' screen) while the stored token is checked in the
 * background: a dead session ends in the check (or the first 401), which clears it and the guards send the user
 * to sign-in; a live one refreshes the stored user's role and permissions.
 */
export function RootLayout() {
  useEffect(() => {
    void checkAuthentication();
  }, []);

  return (
    <Suspense fallback={<LoadingState fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
