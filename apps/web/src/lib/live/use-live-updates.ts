import type { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@wms/contract/live';
import { useEffect } from 'react';
import { API_BASE } from '../api/client';
import { sessionStore } from '../session/session-store';
import { connectLive } from './live-connection';
import { invalidateForChanges } from './live-invalidation';

/** Changes arriving together (a bulk import, a scanning burst) are refetched once, well within the 2 s promise. */
const BATCH_MS = 200;

/**
 * One live stream per signed-in tab: while there is a session token, changes the server reports refetch
 * the queries they touch; a reconnect after a gap refetches everything on screen. Mounted once, in AppProviders.
 */
export function useLiveUpdates(queryClient: QueryClient): void {
  useEffect(() => {
    let token: string | null = null;
    let close: (() => void) | undefined;
    let pending: LiveChange[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      timer = undefined;
      const changes = pending;
      pending = [];
      void invalidateForChanges(queryClient, changes);
    };
    const follow = () => {
      const next = sessionStore.getState().token;
      if (next === token) return;
      token = next;
      close?.();
      close = undefined;
      if (!next) return;
      close = connectLive({
        open: (signal) =>
          fetch(`${API_BASE}/live`, {
            headers: { Accept: 'text/event-stream', Authorization: `Bearer ${next}` },
            signal,
            cache: 'no-store',
          }),
        onChange: (change) => {
          pending.push(change);
          timer ??= setTimeout(flush, BATCH_MS);
        },
        onResync: () => void queryClient.invalidateQueries(),
      });
    };
    follow();
    const unsubscribe = sessionStore.subscribe(follow);
    return () => {
      unsubscribe();
      close?.();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
