import { ACCOUNT_STATUSES, accountSchema } from '@wms/contract/entities';
import { pageMetaSchema, paginationQuery } from '@wms/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { listAccounts } from './accounts-repository';

export const accountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/accounts',
    {
      config: { permission: 'view accounts' },
      schema: {
        tags: ['accounts'],
        // account_id is deliberately not a filter here: this list is what the account selector chooses from.
        querystring: paginationQuery.extend({
          status: z.enum(ACCOUNT_STATUSES).optional(),
          warehouse_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: z.object({ data: z.array(accountSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => listAccounts(db, await requireAuth(request.auth).scope(), request.query),
  );
};
