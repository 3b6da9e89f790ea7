import { createHash, timingSafeEqual } from 'node:crypto';
import { errorResponseSchema } from '@wms/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { notFound, unauthenticated } from '../../../http/errors';
import { fileDownload } from '../../../http/openapi/file-responses';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison (hashing first makes the lengths equal, as timingSafeEqual needs). */
const sameToken = (given: string | undefined, expected: string) =>
  given !== undefined && timingSafeEqual(digest(given), digest(expected));

const bearer = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * GET /api/metrics, Prometheus' text format. It is for the monitoring system, not for people: no user permission
 * opens it (declared public to the auth plugin, so a user's sign-in token is never looked up here); the caller
 * presents METRICS_TOKEN as a bearer token instead. Without METRICS_TOKEN configured the route answers 404, as if
 * it did not exist.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ registry: Registry; token: string | undefined }> = async (
  app,
  { registry, token },
) => {
  app.get(
    '/metrics',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Prometheus metrics (bearer METRICS_TOKEN; 404 when none is configured)',
        operationId: 'getMetrics',
        tags: ['health'],
        response: {
          200: fileDownload('Metrics in the Prometheus text format', ['text/plain']),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!token) throw notFound();
      if (!sameToken(bearer(request.headers.authorization), token)) throw unauthenticated();
      const body = await registry.metrics();
      return reply.type(registry.contentType).send(body);
    },
  );
};
