import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../session/session-store';
import { floorQueue, syncFloorQueue, whenReplayApplied } from './floor-queue';

/** How often a handheld that believes it is online tries the waiting actions again (the server may be unreachable). */
const RETRY_EVERY_MS = 15_000;

/**
 * Keeps the queue moving for the whole app: replays when the network comes back, after signing in (a session that
 * expired offline replays once the worker signed in again), at start, and every 15 s while actions wait. When a
 * replay applied something, every screen's data is read again from the server, the only truth (only after the
 * replay: mid-replay, a task still queued would show as open again). Answers the function that stops it.
 */
export function startFloorQueueSync(queryClient: QueryClient): () => void {
  const sync = () => void syncFloorQueue();
  const stopListening = whenReplayApplied(() => void queryClient.invalidateQueries());
  sync();
  window.addEventListener('online', sync);
  const unsubscribeSession = sessionStore.subscribe(sync);
  const timer = window.setInterval(() => {
    if (floorQueue.getState().waiting > 0) sync();
  }, RETRY_EVERY_MS);
  return () => {
    stopListening();
    window.removeEventListener('online', sync);
    unsubscribeSession();
    window.clearInterval(timer);
  };
}
