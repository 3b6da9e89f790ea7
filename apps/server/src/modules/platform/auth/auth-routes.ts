import { userSchema } from '@wms/contract/entities';
import { errorResponseSchema } from '@wms/contract/errors';
import { SERVER_MESSAGES } from '@wms/contract/messages';
import { loginSchema, registerSchema } from '@wms/contract/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import { revokeToken, type TokenPolicy } from '../../../auth/tokens';
import type { Database } from '../../../db/client';
import { limitAttempts, type SignInLimit } from './auth-rate-limits';
import { login, register } from './auth-service';

export interface AuthRoutesOptions {
  db: Database;
  tokenPolicy: TokenPolicy;
  rateLimit: SignInLimit;
}

const sessionResponse = z.object({ user: userSchema, token: z.string() });
const messageResponse = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, tokenPolicy, rateLimit }) => {
  // Limits on guessing: per address and email (one account under attack), and per address (spraying emails, 5× as
  // many). Registration's per-address limit is the per-email one: a person registers once, not fifty times a minute.
  const { max, timeWindow } = rateLimit;
  const loginLimit = limitAttempts(app, { timeWindow, perAddressAndEmail: max, perAddress: max * 5 });
  const registerLimit = limitAttempts(app, { timeWindow, perAddressAndEmail: max, perAddress: max });

  app.post(
    '/login',
    {
      config: { permission: 'public' },
      preHandler: loginLimit,
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
      preHandler: registerLimit,
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
