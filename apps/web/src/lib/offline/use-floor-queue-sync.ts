import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore } from '../session/session-store';

/**
 * Mounted once for the whole app: once someone is signed in, the offline queue's sync starts (`floor-queue-sync.ts`).
 * Loaded then, not before: the sign-in page's first load stays within its JavaScript budget (the queue brings its
 * IndexedDB wrapper).
 */
export function useFloorQueueSync(queryClient: QueryClient): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    let loading = false;
    const start = () => {
      if (stop || loading || !sessionStore.getState().token) return;
      loading = true;
      void import('./floor-queue-sync').then(({ startFloorQueueSync }) => {
        loading = false;
        if (!unmounted) stop = startFloorQueueSync(queryClient);
      });
    };
    start();
    const unsubscribe = sessionStore.subscribe(start);
    return () => {
      unmounted = true;
      unsubscribe();
      stop?.();
    };
  }, [queryClient]);
}
