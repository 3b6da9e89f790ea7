import { idParams } from '@wms/contract/ids';
import {
  returnAttachSchema,
  returnCreateSchema,
  returnLineParams,
  returnListQuery,
  returnListResponse,
  returnReceiveSchema,
  returnReleaseSchema,
  returnResponse,
  returnUnidentifiedSchema,
} from '@wms/contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { receiveReturn } from './return-receipt';
import { releaseReturnLine } from './return-release';
import { attachReturn, createUnidentifiedReturn } from './return-unidentified';
import { announceReturn, cancelReturn, getReturn, listReturns, markReturnInTransit } from './returns-service';

/**
 * Returns (RMA). `view returns` reads, `create returns` announces, cancels and marks a return in transit (clients
 * for their accounts, staff for theirs), `receive returns` receives and releases quarantined units (staff). Scope
 * through the return's warehouse and account: out of scope answers 404.
 */
export const returnsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['returns'];

  app.get(
    '/returns',
    {
      config: { permission: 'view returns' },
      schema: {
        summary: 'List returns (newest first) with counts per status; search by RMA, order or tracking number',
        operationId: 'listReturns',
        tags,
        querystring: returnListQuery,
        response: { 200: returnListResponse },
      },
    },
    async (request) => listReturns(db, requireAuth(request.auth), request.query),
  );

  app.post(
    '/returns',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Announce a return of units of a shipped order',
        operationId: 'createReturn',
        tags,
        body: returnCreateSchema,
        response: { 201: returnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await announceReturn(db, requireAuth(request.auth), request.body) }),
  );

  app.post(
    '/returns/unidentified',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Receive a parcel no order is known for: an unidentified return, its units into quarantine',
        operationId: 'createUnidentifiedReturn',
        tags,
        body: returnUnidentifiedSchema,
        response: { 201: returnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createUnidentifiedReturn(db, requireAuth(request.auth), request.body) }),
  );

  app.post(
    '/returns/:id/attach',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Attach an unidentified return to the order it came from',
        operationId: 'attachReturn',
        tags,
        params: idParams,
        body: returnAttachSchema,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({
      data: await attachReturn(db, requireAuth(request.auth), request.params.id, request.body.order_id),
    }),
  );

  app.get(
    '/returns/:id',
    {
      config: { permission: 'view returns' },
      schema: {
        summary: 'A return with its lines, what came back of each (dispositions, discrepancy) and its timeline',
        operationId: 'getReturn',
        tags,
        params: idParams,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({ data: await getReturn(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/returns/:id/cancel',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Cancel an announced return',
        operationId: 'cancelReturn',
        tags,
        params: idParams,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({ data: await cancelReturn(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/returns/:id/in-transit',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Mark an announced return in transit (the parcel is on its way)',
        operationId: 'markReturnInTransit',
        tags,
        params: idParams,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({ data: await markReturnInTransit(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/returns/:id/receive',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Receive lines of a return, each once, with a disposition per unit',
        operationId: 'receiveReturn',
        tags,
        params: idParams,
        body: returnReceiveSchema,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({
      data: await receiveReturn(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/lines/:lineId/release',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Release quarantined units of a return line: restock them into a location or dispose of them',
        operationId: 'releaseReturnLine',
        tags,
        params: returnLineParams,
        body: returnReleaseSchema,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({
      data: await releaseReturnLine(
        db,
        requireAuth(request.auth),
        request.params.id,
        request.params.lineId,
        request.body,
      ),
    }),
  );
};
