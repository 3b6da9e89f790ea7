import { idParams } from '@wms/contract/ids';
import { kitComponentsInputSchema, kitComponentsResponse } from '@wms/contract/kits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { getComponents, replaceComponents } from './kit-components';

/** A kit's bill of materials: read with the product permission, replaced with the edit permission. */
export const kitComponentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/products/:id/components',
    {
      config: { permission: 'view products' },
      schema: {
        summary: 'Get a product’s kit components and the kits it is in',
        operationId: 'getProductComponents',
        tags: ['products'],
        params: idParams,
        response: { 200: kitComponentsResponse },
      },
    },
    async (request) => getComponents(db, requireAuth(request.auth), request.params.id),
  );

  app.put(
    '/products/:id/components',
    {
      config: { permission: 'edit products' },
      schema: {
        summary: 'Replace a kit’s components',
        operationId: 'replaceProductComponents',
        tags: ['products'],
        description:
          'The whole list, in one transaction (empty clears it). The product must be a bundle or assembled kit; each component a standard product of its account, listed once, quantity ≥ 1. Nested kits are refused.',
        params: idParams,
        body: kitComponentsInputSchema,
        response: { 200: kitComponentsResponse },
      },
    },
    async (request) => replaceComponents(db, requireAuth(request.auth), request.params.id, request.body),
  );
};
