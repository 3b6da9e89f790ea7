import { LIVE_EVENTS, LIVE_MESSAGES } from '@wms/contract/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCredentialLive } from '../../../auth/credential-liveness';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import type { LiveHub } from './live-hub';

export interface LiveStreamOptions {
  db: Database;
  /** Absent when the server has no database listener (some tests): the route answers 503. */
  hub: LiveHub | undefined;
  heartbeatMs: number;
  maxStreamMs: number;
  /** How often an open stream re-reads its credential, ending once it is revoked. */
  recheckMs: number;
}

/** The browser's reconnect delay (`retry:`) after a dropped stream. */
const RETRY_MS = 2000;

const eventStream = {
  description:
    'Server-sent events: `change` ({kind, subject_type, ids}) for each committed change the caller may see, ' +
    '`resync` (refetch everything), `bye` (the server ends the stream; reconnect), `revoked` (the token or API ' +
    'key was revoked: the stream ends within LIVE_RECHECK_SECONDS); comments as heartbeats.',
  content: { 'text/event-stream': { schema: z.string() } },
};

/**
 * `GET /api/live`: a server-sent events stream of what changed, scoped like the REST routes, for any
 * signed-in caller (a sign-in token or an API key). Written to the raw socket (hijacked): no compression, no
 * buffering, and `X-Accel-Buffering: no` so nginx-style proxies pass each event at once.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveStreamOptions> = async (
  app,
  { db, hub, heartbeatMs, maxStreamMs, recheckMs },
) => {
  app.get(
    '/live',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Live stream of changes (server-sent events)',
        operationId: 'liveStream',
        tags: ['live'],
        response: { 200: eventStream, 503: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!hub) throw new HttpError(503, LIVE_MESSAGES.unavailable);
      const auth = requireAuth(request.auth);
      const scope = await auth.scope();
      const socket = reply.raw;
      let closed = false;
      const write = (text: string) => {
        if (!closed) socket.write(text);
      };
      const stream = {
        userId: auth.user.id,
        scope,
        send: (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        end: () => finish(),
      };
      const remove = hub.open(stream);
      if (!remove) throw new HttpError(429, LIVE_MESSAGES.tooManyStreams);

      reply.hijack();
      socket.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      const lifetime = setTimeout(() => {
        stream.send(LIVE_EVENTS.bye, {});
        finish();
      }, maxStreamMs);
      // A stream is a request that lasts: without this, a signed-out session or a revoked key kept hearing of
      // changes for the rest of its lifetime. The database answers, so a revocation on any process counts.
      let checking = false;
      const recheck = setInterval(async () => {
        if (checking || closed) return;
        checking = true;
        try {
          if (!(await isCredentialLive(db, auth))) {
            stream.send(LIVE_EVENTS.revoked, {});
            finish();
          }
        } catch (error) {
          // A database hiccup is not a revocation: the next check decides.
          request.log.warn({ err: error }, 'live stream credential check');
        } finally {
          checking = false;
        }
      }, recheckMs);

      function finish() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        clearInterval(recheck);
        remove?.();
        socket.end();
      }
      request.raw.on('close', finish);
      socket.on('close', finish);
    },
  );
};
