import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * LISTEN on one channel (the live stream): `onPayload` gets every NOTIFY payload once its transaction
 * commits; `onResync` is told when notifications may have been missed (a lost connection re-established).
 * Answers the function that stops listening.
 */
export type Listen = (
  channel: string,
  handlers: { onPayload(payload: string): void; onResync?(): void; onError?(error: unknown): void },
) => Promise<() => Promise<void>>;

/** The embedded database: PGlite runs LISTEN/NOTIFY in-process and delivers after commit, like PostgreSQL. */
export const listenOnPglite =
  (client: PGlite): Listen =>
  async (channel, { onPayload }) => {
    const unlisten = await client.listen(channel, onPayload);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };

const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one dedicated connection per process (outside the pool, so a long LISTEN never holds a pool slot).
 * A dropped connection is re-opened every second until it succeeds; the listeners then resync, since NOTIFYs sent
 * meanwhile are lost.
 */
export const listenOnPostgres =
  (url: string): Listen =>
  async (channel, { onPayload, onResync, onError }) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      next.on('error', (error) => {
        onError?.(error);
        reconnectSoon(next);
      });
      next.on('end', () => reconnectSoon(next));
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
    };

    const reconnectSoon = (lost: pg.Client) => {
      if (stopped || client !== lost || retry) return;
      client = undefined;
      const attempt = () => {
        retry = undefined;
        if (stopped) return;
        connect().then(
          () => onResync?.(),
          (error) => {
            onError?.(error);
            retry = setTimeout(attempt, RECONNECT_MS);
          },
        );
      };
      retry = setTimeout(attempt, RECONNECT_MS);
    };

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    };
  };
