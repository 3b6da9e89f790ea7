import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { databaseAnswers, databaseMigrated } from './health-service';

const readiness = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Liveness: the process answers and its database too (kept as documented since the start).
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
        await databaseAnswers(db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: 'unreachable' as const });
      }
    },
  );

  // Readiness: whether a load balancer should send this node traffic. While the node shuts down it refuses new
  // connections and answers 503 on open ones (Fastify's return503OnClosing), so it drops out of rotation.
  app.get(
    '/health/ready',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Readiness (database reachable and every migration applied)',
        operationId: 'getReadiness',
        tags: ['health'],
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      try {
        const migrated = await databaseMigrated(db);
        const answer = { status: migrated ? 'ok' : 'error', database: 'ok', migrations: migrated ? 'ok' : 'pending' };
        return reply.status(migrated ? 200 : 503).send(answer as z.infer<typeof readiness>);
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'unreachable', migrations: 'unknown' });
      }
    },
  );
};
