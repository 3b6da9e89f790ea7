import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { pingDatabase } from './health-repository';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Health check (database reachable)',
        operationId: 'getHealth',
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), database: z.literal('unreachable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: 'unreachable' as const });
      }
    },
  );
};
