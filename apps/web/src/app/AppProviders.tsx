import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useEffect } from 'react';
import { useLiveUpdates } from '../lib/live/use-live-updates';
import { announceAppUpdate } from '../lib/offline/register-service-worker';
import { useFloorQueueSync } from '../lib/offline/use-floor-queue-sync';
import { sessionStore } from '../lib/session/session-store';
import { queryClient } from './query-client';
import { theme } from './theme';
import { TOAST_COMPONENTS } from './toast-content';

/** Cached server data belongs to one user: drop it whenever the session ends (logout, 401, another tab). */
function useClearCacheWhenSignedOut(): void {
  useEffect(() => {
    let token = sessionStore.getState().token;
    return sessionStore.subscribe(() => {
      const next = sessionStore.getState().token;
      if (token && !next) queryClient.clear();
      token = next;
    });
  }, []);
}

/** Another tab signing in or out changes localStorage; follow it instead of acting on stale credentials. */
function useFollowOtherTabs(): void {
  useEffect(() => {
    const onStorage = () => sessionStore.reload();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/** Once per start, after the notification area exists: "updated since you last used it", when it was. */
function useAnnounceAppUpdate(): void {
  useEffect(() => announceAppUpdate(), []);
}

export function AppProviders({ children }: { children: ReactNode }) {
  useClearCacheWhenSignedOut();
  useAnnounceAppUpdate();
  useFollowOtherTabs();
  useLiveUpdates(queryClient);
  useFloorQueueSync(queryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          autoHideDuration={5000}
          maxSnack={4}
          preventDuplicate
          Components={TOAST_COMPONENTS}
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
