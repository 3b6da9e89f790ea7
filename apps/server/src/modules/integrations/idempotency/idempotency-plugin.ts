import fp from 'fastify-plugin';
import type { Database } from '../../../db/client';
import { abandonIdempotentRequest, beginIdempotentRequest, settleIdempotentRequest } from './idempotent-requests';

/**
 * Idempotent writes for the routes that declare `config.idempotent`: JSON routes are claimed here, after
 * authentication and body validation (a refused or invalid request never takes a key); every owned key gets the
 * answer stored when it is serialised (preSerialization: the object, before compression), or is released.
 */
export const idempotencyPlugin = fp<{ db: Database }>(async (app, { db }) => {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== 'json') return;
    if ((await beginIdempotentRequest(db, request, reply, request.body)) === 'replayed') return reply;
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    await settleIdempotentRequest(db, request, reply.statusCode, payload);
    return payload;
  });

  app.addHook('onResponse', async (request) => abandonIdempotentRequest(db, request));
});
