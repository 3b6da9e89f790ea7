import { LIVE_EVENTS, type LiveChange } from '@wms/contract/live';
import { createEventStreamParser } from './parse-event-stream';

export interface LiveConnectionOptions {
  /** GET /api/live with the caller's Authorization header (fetch: EventSource cannot send one). */
  open(signal: AbortSignal): Promise<Response>;
  onChange(change: LiveChange): void;
  /** Changes may have been missed (a dropped stream, the server's listener reconnected): refetch what is visible. */
  onResync(): void;
  /** The session is no longer valid (401): stop; the next API call signs the user out. */
  onUnauthenticated?(): void;
  /** Timers, injectable for tests. */
  setTimer?: (callback: () => void, ms: number) => unknown;
}

const MAX_DELAY_MS = 30_000;
const BUSY_DELAY_MS = 30_000;

/**
 * One live stream that reconnects by itself, like EventSource but over fetch, so the bearer token goes in
 * a header rather than in a URL (where proxies and logs would keep it). After an unplanned drop it waits the
 * server's `retry:` hint (doubling up to 30 s while it keeps failing) and resyncs once back; after the server's
 * `bye` it reconnects at once without refetching. Answers the function that closes it for good.
 */
export function connectLive(options: LiveConnectionOptions): () => void {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const abort = new AbortController();
  let retryMs = 2000;
  let failures = 0;
  let connectedBefore = false;

  const run = async () => {
    let planned = false;
    try {
      const response = await options.open(abort.signal);
      if (response.status === 401) {
        options.onUnauthenticated?.();
        return;
      }
      if (!response.ok || !response.body) {
        schedule(response.status === 429 ? BUSY_DELAY_MS : undefined);
        return;
      }
      if (connectedBefore) options.onResync();
      connectedBefore = true;
      failures = 0;
      const parse = createEventStreamParser({
        onRetry: (ms) => {
          retryMs = ms;
        },
        onEvent: ({ event, data }) => {
          if (event === LIVE_EVENTS.change) options.onChange(JSON.parse(data) as LiveChange);
          else if (event === LIVE_EVENTS.resync) options.onResync();
          else if (event === LIVE_EVENTS.bye) planned = true;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // Network failure or abort: handled below.
    }
    if (abort.signal.aborted) return;
    if (planned) {
      // Reconnecting after a planned end is not a gap to refetch over.
      connectedBefore = false;
      void run();
      return;
    }
    schedule();
  };

  const schedule = (delay?: number) => {
    if (abort.signal.aborted) return;
    failures++;
    setTimer(() => void run(), delay ?? Math.min(retryMs * 2 ** (failures - 1), MAX_DELAY_MS));
  };

  void run();
  return () => abort.abort();
}
