import { userSchema } from '@wms/contract/entities';
import { errorResponseSchema } from '@wms/contract/errors';
import { SERVER_MESSAGES } from '@wms/contract/messages';
import { loginSchema, registerSchema } from '@wms/contract/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/request-auth';
import { revokeToken, type TokenPolicy } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { login, register } from './auth-service';

export interface AuthRoutesOptions {
  db: Database;
  tokenPolicy: TokenPolicy;
  rateLimit: { max: number; timeWindow: string };
}

const sessionResponse = z.object({ user: userSchema, token: z.string() });
const messageResponse = z.object({ message: z.string() });

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, tokenPolicy, rateLimit }) => {
  // Two limits on guessing: per address and email (one account under attack), and per address (spraying emails).
  const limiters = (group: string) => [
    app.rateLimit({ ...rateLimit, groupId: `${group}-email`, keyGenerator: (r) => `${r.ip}|${emailOf(r)}` }),
    app.rateLimit({ ...rateLimit, max: rateLimit.max * 5, groupId: `${group}-ip`, keyGenerator: (r) => r.ip }),
  ];

  app.post(
    '/login',
    {
      config: { permission: 'public' },
      preHandler: limiters('login'),
      schema: {
        summary: 'Sign in',
        operationId: 'login',
        tags: ['auth'],
        body: loginSchema,
        response: { 200: sessionResponse, 429: errorResponseSchema },
      },
    },
    async (request) => login(db, tokenPolicy, request.body),
  );

  app.post(
    '/register',
    {
      config: { permission: 'public' },
      preHandler: limiters('register'),
      schema: {
        summary: 'Register a client user',
        operationId: 'register',
        tags: ['auth'],
        body: registerSchema,
        response: { 201: sessionResponse, 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await register(db, tokenPolicy, request.body)),
  );

  app.post(
    '/logout',
    {
      config: { permission: 'authenticated', allowedBeforePasswordChange: true },
      schema: {
        summary: 'Sign out (revoke the token used)',
        operationId: 'logout',
        tags: ['auth'],
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await revokeToken(db, requireAuth(request.auth).tokenId);
      return { message: SERVER_MESSAGES.loggedOut };
    },
  );

  app.get(
    '/user',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'The signed-in user',
        operationId: 'getCurrentUser',
        tags: ['auth'],
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => ({ user: requireAuth(request.auth).user }),
  );
};
