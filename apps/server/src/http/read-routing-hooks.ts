import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Database } from '../db/client';
import { isConnectionError } from '../db/connection-errors';
import type { ReadRouting } from '../db/read-routing';

/** Reads for any signed-in user that a replica serves too (the rest of 'authenticated' is the user's own data). */
const AUTHENTICATED_REPLICA_READS = new Set(['/api/dashboard']);

/**
 * The reads a replica serves: GET routes gated by a `view …` permission (lists, details, exports, reports) and the
 * dashboard. Sign-in, token checks, the signed-in user's own data, health and public routes stay on the primary.
 */
const isReplicaRead = (request: FastifyRequest) =>
  request.method === 'GET' &&
  (String(request.routeOptions.config.permission ?? '').startsWith('view ') ||
    AUTHENTICATED_REPLICA_READS.has(request.routeOptions.url ?? ''));

/**
 * Chooses the database of each request for DATABASE_READ_URL: every write on the primary (and its user's reads
 * for a few seconds after), replica reads on the replica. Call before the routes are registered: each handler is
 * wrapped so the `db` it closes over resolves to the chosen database while it runs.
 *
 * The replica's reachability is checked only every few seconds, so it can die between two checks: a replica read
 * that then fails with a connection error (not a SQL error) runs again on the primary, once, and the replica is
 * marked down until the next check. Running the handler again is safe because a replica read writes nothing (the
 * replica would refuse it); an answer already being sent (a stream) cannot be taken back, so it is not retried.
 */
export function useReadRouting(app: FastifyInstance, routing: ReadRouting): void {
  const chosen = new WeakMap<FastifyRequest, Database>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function routed(request, reply) {
      const run = (target: Database) => routing.runWith(target, () => handler.call(this, request, reply));
      const target = chosen.get(request);
      if (target === undefined || target === routing.primary) return run(routing.primary);
      return (async () => {
        try {
          return await run(target);
        } catch (error) {
          if (reply.sent || !isConnectionError(error)) throw error;
          routing.replicaFailed(error);
          return run(routing.primary);
        }
      })();
    };
  });
  // preHandler: after authentication (request.auth) and input validation.
  app.addHook('preHandler', async (request) => {
    const userId = request.auth?.user.id;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (userId !== undefined) routing.noteWrite(userId);
      return;
    }
    if (isReplicaRead(request)) chosen.set(request, await routing.readTarget(userId));
  });
  // The window counts from the end of the write (its commit), not its start.
  app.addHook('onResponse', async (request) => {
    const userId = request.auth?.user.id;
    if (userId !== undefined && request.method !== 'GET' && request.method !== 'HEAD') routing.noteWrite(userId);
  });
}
