import { idParams } from '@wms/contract/ids';
import { cartonSchema } from '@wms/contract/packing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { cartonsOfOrderInScope } from './order-cartons';

/** An order's parcels for whoever views the order (clients see where their order went), not only the packers. */
export const orderCartonsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/orders/:id/cartons',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: "An order's cartons: SSCC, weight, dimensions, carrier and tracking number, contents",
        description:
          'Every carton packed for the order, open, closed or shipped, with its contents. Readable by anyone who may see the order (its client users too); 404 outside the caller’s scope.',
        operationId: 'listOrderCartons',
        tags: ['packing'],
        params: idParams,
        response: { 200: z.object({ data: z.array(cartonSchema) }) },
      },
    },
    async (request) => ({ data: await cartonsOfOrderInScope(db, requireAuth(request.auth), request.params.id) }),
  );
};
