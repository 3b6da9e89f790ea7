import { warehouseSchema, warehouseSummarySchema } from '@wms/contract/entities';
import { pageMetaSchema, paginationQuery } from '@wms/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { listActiveWarehouses, listPublicWarehouses, listWarehouses } from './warehouses-repository';

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const warehousesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/all-warehouses',
    {
      config: { permission: 'public' },
      schema: { tags: ['warehouses'], response: { 200: z.object({ data: z.array(warehouseSummarySchema) }) } },
    },
    async () => ({ data: await listPublicWarehouses(db) }),
  );

  app.get(
    '/warehouses',
    {
      config: { permission: 'view warehouses' },
      schema: {
        tags: ['warehouses'],
        // warehouse_id is deliberately not a filter here: this list is what the warehouse selector chooses from.
        querystring: paginationQuery.extend({ is_active: booleanQuery.optional() }),
        response: {
          200: z.object({
            data: z.array(warehouseSchema.extend({ users_count: z.number().int() })),
            meta: pageMetaSchema,
          }),
        },
      },
    },
    async (request) => listWarehouses(db, await requireAuth(request.auth).scope(), request.query),
  );

  app.get(
    '/warehouses/active',
    {
      config: { permission: 'view warehouses' },
      schema: { tags: ['warehouses'], response: { 200: z.object({ data: z.array(warehouseSchema) }) } },
    },
    async (request) => ({ data: await listActiveWarehouses(db, await requireAuth(request.auth).scope()) }),
  );
};
