import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { checkAuthentication } from '../lib/session/authCheck';
import { sessionStore } from '../lib/session/sessionStore';

/** Holds every screen until the stored token has been checked, so no page acts on a dead session. */
export function RootLayout() {
  const [checking, setChecking] = useState(() => sessionStore.getState().token !== null);

  useEffect(() => {
    let active = true;
    checkAuthentication().finally(() => {
      if (active) setChecking(false);
    });
    return () => {
      active = false;
    };
  }, []);

  if (checking) return <LoadingState label="Checking your session…" fullScreen />;
  return (
    <Suspense fallback={<LoadingState fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
