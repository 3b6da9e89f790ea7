import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { shipmentsRoutes } from './shipments/shipments-routes';

/** Stock coming in: shipments announced by clients, received and verified by the warehouse. */
export const inboundRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(shipmentsRoutes, { db });
};
