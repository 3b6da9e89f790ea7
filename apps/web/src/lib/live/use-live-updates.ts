import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore } from '../session/session-store';

/**
 * One live stream per signed-in tab (`live-stream.ts`): while there is a session token, changes the server reports
 * refetch the queries they touch. Mounted once, in AppProviders. Its code loads once someone is signed in, beside
 * the page's: the sign-in page's first load does not carry it, nor does a floor screen's first render wait for it.
 */
export function useLiveUpdates(queryClient: QueryClient): void {
  useEffect(() => {
    let token: string | null = null;
    let close: (() => void) | undefined;
    let unmounted = false;

    const follow = () => {
      const next = sessionStore.getState().token;
      if (next === token) return;
      token = next;
      close?.();
      close = undefined;
      if (!next) return;
      void import('./live-stream').then(({ startLiveStream }) => {
        // The session may have ended or changed while the code loaded: only the current one gets a stream.
        if (unmounted || token !== next || close) return;
        close = startLiveStream(queryClient, next);
      });
    };
    follow();
    const unsubscribe = sessionStore.subscribe(follow);
    return () => {
      unmounted = true;
      unsubscribe();
      close?.();
    };
  }, [queryClient]);
}
