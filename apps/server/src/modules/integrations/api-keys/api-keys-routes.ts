import {
  API_KEY_MESSAGES,
  apiKeyCreatedResponse,
  apiKeyCreateSchema,
  apiKeyListResponse,
  apiKeyRevokedResponse,
} from '@wms/contract/api-keys';
import { idParams } from '@wms/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys-service';

const tags = ['api-keys'];

/**
 * API keys. A client creates keys for their own accounts; administrators create staff integration keys
 * (any account, or their whole scope) and see and revoke every key. Keys never carry these permissions, so a key
 * cannot list, mint or revoke keys.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api-keys',
    {
      config: { permission: 'view api keys' },
      schema: {
        summary: 'List API keys (your own; administrators: every key)',
        operationId: 'listApiKeys',
        tags,
        response: { 200: apiKeyListResponse },
      },
    },
    async (request) => ({ data: await listApiKeys(db, requireAuth(request.auth)) }),
  );

  app.post(
    '/api-keys',
    {
      config: { permission: 'create api keys' },
      schema: {
        summary: 'Create an API key (the secret is in this answer only)',
        description:
          'Permissions must be a subset of your own (never the API key permissions). A client names one of their accounts; staff may leave account_id out for a key with their whole scope.',
        operationId: 'createApiKey',
        tags,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedResponse },
      },
    },
    async (request, reply) => {
      const { key, secret } = await createApiKey(db, requireAuth(request.auth), request.body);
      // The secret must not linger in caches or proxies.
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ message: API_KEY_MESSAGES.created, data: key, secret });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { permission: 'delete api keys' },
      schema: {
        summary: 'Revoke an API key (refused at once by every API process)',
        operationId: 'revokeApiKey',
        tags,
        params: idParams,
        response: { 200: apiKeyRevokedResponse },
      },
    },
    async (request) => ({
      message: API_KEY_MESSAGES.revoked,
      data: await revokeApiKey(db, requireAuth(request.auth), request.params.id),
    }),
  );
};
