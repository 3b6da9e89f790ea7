import { floorHandOffResponse, floorHandOffSchema, HAND_OFF_MESSAGES } from '@wms/contract/floor-hand-offs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { handOffFloorAction } from './hand-offs-service';

/**
 * Hand to supervisor: a floor action refused on the handheld's replay goes to the warehouse's supervisors. Any
 * signed-in user may call it; the service lets through only floor staff (pick, count, move, replenish, put away, pack)
 * of the warehouse.
 */
export const handOffsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/floor/hand-offs',
    {
      config: { permission: 'authenticated', idempotent: 'json' },
      schema: {
        summary: 'Hand a refused offline floor action to the warehouse’s supervisors',
        description:
          "Records the event `floor.action_handed_off` and notifies the warehouse's managers and the administrators. Needs the permission `pick`, `create cycle counts`, `edit locations`, `replenish` or `pack`, or `edit shipments` as staff (putaway); the warehouse must be in the caller's scope (404 otherwise). Send an `Idempotency-Key`: a retried hand-off notifies once.",
        operationId: 'handOffFloorAction',
        tags: ['floor'],
        body: floorHandOffSchema,
        response: { 200: floorHandOffResponse },
      },
    },
    async (request) => {
      await handOffFloorAction(db, requireAuth(request.auth), request.body);
      return { message: HAND_OFF_MESSAGES.handedOff };
    },
  );
};
