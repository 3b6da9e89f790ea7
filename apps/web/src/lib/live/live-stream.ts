import type { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@wms/contract/live';
import { API_BASE } from '../api/client';
import { connectLive } from './live-connection';
import { invalidateForChanges } from './live-invalidation';

/** Changes arriving together (a bulk import, a scanning burst) are refetched once, well within the 2 s promise. */
const BATCH_MS = 200;

/**
 * The live stream of one session: changes the server reports refetch the queries they touch; a reconnect after a
 * gap refetches everything on screen. Returns how to close it.
 */
export function startLiveStream(queryClient: QueryClient, token: string): () => void {
  let pending: LiveChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const changes = pending;
    pending = [];
    void invalidateForChanges(queryClient, changes);
  };
  const close = connectLive({
    open: (signal) =>
      fetch(`${API_BASE}/live`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal,
        cache: 'no-store',
      }),
    onChange: (change) => {
      pending.push(change);
      timer ??= setTimeout(flush, BATCH_MS);
    },
    onResync: () => void queryClient.invalidateQueries(),
  });
  return () => {
    close();
    if (timer) clearTimeout(timer);
  };
}
