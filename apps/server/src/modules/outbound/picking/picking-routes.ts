import { idParams } from '@wms/contract/ids';
import {
  assignNextSchema,
  emptyCheckSchema,
  hospitalActionSchema,
  hospitalClearedResponse,
  hospitalEntryResponse,
  hospitalListQuery,
  hospitalListResponse,
  pickConfirmSchema,
  pickingAnswerResponse,
  pickTaskAnswerResponse,
  putBackSchema,
  shortPickSchema,
  waveTotesSchema,
} from '@wms/contract/picking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { fileDownload } from '../../../http/openapi/file-responses';
import { clearHospitalLocation, getHospital, listHospital } from './hospital';
import { pickList } from './pick-list';
import {
  answerEmptyCheck,
  assignNextWave,
  assignWaveToMe,
  confirmPick,
  scanTotes,
  shortPick,
  skipTask,
} from './picking-service';
import { putBack } from './put-back';

const taskParams = z.object({ id: idParams.shape.id, taskId: idParams.shape.id });
const tags = ['picking'];

/**
 * Picking (DESIGN §11): `pick` executes tasks (take a wave, totes, confirm, short, skip, "is it empty now?", put back),
 * `view picking` reads the pick list and hospital list, `release waves` clears hospital locations. Scope through
 * the wave's or location's warehouse: out of scope answers 404; clients hold none of these permissions.
 */
export const pickingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/waves/:id/pick-list',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: 'Print the pick list of a wave',
        description:
          'A PDF: the wave number as a Code 128 barcode, then the open tasks in walk order with location, product and lot barcodes, the quantity and the orders (or totes) the units go to.',
        operationId: 'printPickList',
        tags,
        params: idParams,
        response: { 200: fileDownload('The pick list PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await pickList(db, requireAuth(request.auth), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/waves/assign-next',
    {
      config: { permission: 'pick' },
      schema: {
        summary: 'Get work: take the oldest released wave nobody took in a warehouse (urgent first)',
        description: 'Claimed atomically: two pickers asking at once get different waves. 404 when none waits.',
        operationId: 'assignNextWave',
        tags,
        body: assignNextSchema,
        response: { 200: pickingAnswerResponse },
      },
    },
    async (request) => assignNextWave(db, requireAuth(request.auth), request.body.warehouse_id),
  );

  app.post(
    '/waves/:id/assign',
    {
      config: { permission: 'pick' },
      schema: {
        summary: 'Take a wave (scanned or chosen); 409 when someone else is picking it',
        operationId: 'assignWave',
        tags,
        params: idParams,
        response: { 200: pickingAnswerResponse },
      },
    },
    async (request) => assignWaveToMe(db, requireAuth(request.auth), request.params.id),
  );

  app.post(
    '/waves/:id/totes',
    {
      config: { permission: 'pick' },
      schema: {
        summary: 'Cluster mode: scan one tote per order onto the cart (before the first pick)',
        operationId: 'scanWaveTotes',
        tags,
        params: idParams,
        body: waveTotesSchema,
        response: { 200: pickingAnswerResponse },
      },
    },
    async (request) => scanTotes(db, requireAuth(request.auth), request.params.id, request.body.totes),
  );

  app.post(
    '/waves/:id/tasks/:taskId/pick',
    {
      config: { permission: 'pick', idempotent: 'json' },
      schema: {
        summary: 'Confirm a pick task: location, product (barcode or SKU), lot, quantity and, in cluster mode, totes',
        description:
          'A wrong scan answers 422 naming what was expected. The units move from the location onto the staging location (CARTS) by a ledger move. A repeated confirmation by the same picker changes nothing; a task done by someone else answers 409 saying who. `ask_empty`: the location now holds nothing — ask "is it empty now?".',
        operationId: 'confirmPickTask',
        tags,
        params: taskParams,
        body: pickConfirmSchema,
        response: { 200: pickTaskAnswerResponse },
      },
    },
    async (request) =>
      confirmPick(db, requireAuth(request.auth), request.params.id, request.params.taskId, request.body),
  );

  app.post(
    '/waves/:id/tasks/:taskId/put-back',
    {
      config: { permission: 'pick', idempotent: 'json' },
      schema: {
        summary: "Put back the units of a put-back task: from the cart to the task's location (or another bin)",
        description:
          "Put-back tasks come from a cancelled wave or an order that left its wave while units were on a cart. Scan the location and the product; the quantity is the task's. One ledger move from the staging location (CARTS) to the bin, same inventory row and lot. A different bin is taken only with `other_location: true` (an active bin of the warehouse, not staging, packing, quarantine or hospital); otherwise a wrong scan answers 422 naming what was expected. A task that is not a put-back answers 422; one already done by someone else answers 409 saying who. Works whatever the wave's status.",
        operationId: 'putBackTask',
        tags,
        params: taskParams,
        body: putBackSchema,
        response: { 200: pickingAnswerResponse },
      },
    },
    async (request) => putBack(db, requireAuth(request.auth), request.params.id, request.params.taskId, request.body),
  );

  app.post(
    '/waves/:id/tasks/:taskId/short',
    {
      config: { permission: 'pick', idempotent: 'json' },
      schema: {
        summary: 'Short pick: what was there and why less (empty, damaged, not found)',
        description:
          'What was found goes onto the cart; the location goes to hospital with a cycle count; the missing units are re-allocated from other locations (new tasks next in the route), else the order line stays short.',
        operationId: 'shortPickTask',
        tags,
        params: taskParams,
        body: shortPickSchema,
        response: { 200: pickTaskAnswerResponse },
      },
    },
    async (request) => shortPick(db, requireAuth(request.auth), request.params.id, request.params.taskId, request.body),
  );

  app.post(
    '/waves/:id/tasks/:taskId/skip',
    {
      config: { permission: 'pick', idempotent: 'json' },
      schema: {
        summary: 'Skip a task: it moves to the end of the route',
        operationId: 'skipPickTask',
        tags,
        params: taskParams,
        response: { 200: pickTaskAnswerResponse },
      },
    },
    async (request) => skipTask(db, requireAuth(request.auth), request.params.id, request.params.taskId),
  );

  app.post(
    '/waves/:id/tasks/:taskId/empty-check',
    {
      config: { permission: 'pick', idempotent: 'json' },
      schema: {
        summary: 'Answer "is it empty now?" after taking a location\'s last units; "no" sends it to hospital',
        operationId: 'answerEmptyCheck',
        tags,
        params: taskParams,
        body: emptyCheckSchema,
        response: { 200: pickingAnswerResponse },
      },
    },
    async (request) =>
      answerEmptyCheck(db, requireAuth(request.auth), request.params.id, request.params.taskId, request.body.empty),
  );

  app.get(
    '/locations/hospital',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: "A warehouse's hospital locations (kept out of allocation until cleared)",
        operationId: 'listHospitalLocations',
        tags,
        querystring: hospitalListQuery,
        response: { 200: hospitalListResponse },
      },
    },
    async (request) => listHospital(db, requireAuth(request.auth), request.query.warehouse_id),
  );

  app.get(
    '/locations/:id/hospital',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: 'Whether a location is in hospital, why and since when (null data: it is not)',
        operationId: 'getLocationHospital',
        tags,
        params: idParams,
        response: { 200: hospitalEntryResponse },
      },
    },
    async (request) => getHospital(db, requireAuth(request.auth), request.params.id),
  );

  app.post(
    '/locations/:id/hospital',
    {
      config: { permission: 'release waves' },
      schema: {
        summary: 'Clear a hospital location: it is back in allocation',
        operationId: 'clearLocationHospital',
        tags,
        params: idParams,
        body: hospitalActionSchema,
        response: { 200: hospitalClearedResponse },
      },
    },
    async (request) => clearHospitalLocation(db, requireAuth(request.auth), request.params.id),
  );
};
