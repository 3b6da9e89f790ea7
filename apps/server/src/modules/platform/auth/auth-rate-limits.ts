import { SERVER_MESSAGES } from '@wms/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../http/errors';

export interface SignInLimit {
  /** Attempts per address and email in one window; per address alone the route's own multiple of it. */
  max: number;
  timeWindow: string;
}

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * A preHandler that applies every limit of a route and answers 429 when any is exceeded. The plugin's own
 * `app.rateLimit()` hooks cannot be stacked: the first marks the request as limited and the others skip it, so the
 * per-address limit never ran. Each limiter here has its own store (a child of the plugin's).
 */
export function limitAttempts(
  app: FastifyInstance,
  limits: { timeWindow: string; perAddressAndEmail: number; perAddress: number },
) {
  const limiters = [
    app.createRateLimit({
      max: limits.perAddressAndEmail,
      timeWindow: limits.timeWindow,
      keyGenerator: (request) => `${request.ip}|${emailOf(request)}`,
    }),
    app.createRateLimit({ max: limits.perAddress, timeWindow: limits.timeWindow, keyGenerator: (r) => r.ip }),
  ];
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(429, SERVER_MESSAGES.tooManyRequests);
      }
    }
  };
}
