import { errorResponseSchema } from '@wms/contract/errors';
import { idParams } from '@wms/contract/ids';
import { exportQuery } from '@wms/contract/products';
import {
  pickFaceImportResponse,
  pickFaceListQuery,
  pickFacePageResponse,
  pickFacesPutSchema,
  pickFacesResponse,
  pickFacesSavedResponse,
  REPLENISHMENT_MESSAGES,
  replenishmentCompleteSchema,
  replenishmentReportResponse,
  replenishmentSummaryQuery,
  replenishmentSummaryResponse,
  replenishmentTaskListQuery,
  replenishmentTaskPageResponse,
  replenishmentTaskResponse,
  replenishmentTasksCreatedResponse,
  replenishmentTasksCreateSchema,
} from '@wms/contract/replenishment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { sheetDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { sendSheetFile } from '../../../http/send-file';
import { onWaveReleased } from '../../outbound/waves/waves-api';
import { inventoryPickFaces, putInventoryPickFaces, warehousePickFaces } from './pick-faces';
import { exportPickFaces, importPickFaces } from './pick-faces-spreadsheet';
import { readSheetUpload } from './pick-faces-upload';
import { replenishAfterRelease } from './replenishment-api';
import {
  cancelTask,
  completeTask,
  createTasksFromReport,
  listReplenishmentTasks,
  replenishmentReport,
  replenishmentSummary,
  shortTask,
  startTask,
} from './replenishment-tasks';

/**
 * Replenishment (docs/floor-replenishment.md): pick-face settings, the report, and tasks. Warehouse work: staff by
 * their warehouses; clients hold none of the permissions.
 */
export const replenishmentRoutes: FastifyPluginAsyncZod<{ db: Database; maxImportBytes: number }> = async (
  app,
  { db, maxImportBytes },
) => {
  // After each wave release, the tasks its demand asks for (a Set: registering again is harmless).
  onWaveReleased(replenishAfterRelease);
  const tags = ['replenishment'];

  app.get(
    '/inventories/:id/pick-faces',
    {
      config: { permission: 'view replenishment' },
      schema: {
        summary: "An inventory row's pick faces (min, max, increment per pick location)",
        operationId: 'listInventoryPickFaces',
        tags,
        params: idParams,
        response: { 200: pickFacesResponse },
      },
    },
    async (request) => ({ data: await inventoryPickFaces(db, requireAuth(request.auth), request.params.id) }),
  );

  app.put(
    '/inventories/:id/pick-faces',
    {
      config: { permission: 'manage replenishment' },
      schema: {
        summary: "Replaces an inventory row's pick faces in one transaction",
        operationId: 'putInventoryPickFaces',
        tags,
        params: idParams,
        body: pickFacesPutSchema,
        response: { 200: pickFacesSavedResponse },
      },
    },
    async (request) => {
      const data = await putInventoryPickFaces(db, requireAuth(request.auth), request.params.id, request.body);
      return { message: REPLENISHMENT_MESSAGES.pickFacesSaved(data.length), data };
    },
  );

  app.get(
    '/warehouses/:id/pick-faces',
    {
      config: { permission: 'view replenishment' },
      schema: {
        summary: "A warehouse's pick faces, paginated",
        operationId: 'listWarehousePickFaces',
        tags,
        params: idParams,
        querystring: pickFaceListQuery,
        response: { 200: pickFacePageResponse },
      },
    },
    async (request) => warehousePickFaces(db, requireAuth(request.auth), request.params.id, request.query),
  );

  app.get(
    '/warehouses/:id/pick-faces/export',
    {
      config: { permission: 'view replenishment' },
      schema: {
        summary: "Export a warehouse's pick faces (CSV or XLSX), the columns the import reads",
        operationId: 'exportPickFaces',
        tags,
        params: idParams,
        querystring: exportQuery,
        response: { 200: sheetDownload('Every pick face of the warehouse, in location order') },
      },
    },
    async (request, reply) =>
      sendSheetFile(
        reply,
        await exportPickFaces(db, requireAuth(request.auth), request.params.id, request.query.format),
      ),
  );

  app.post(
    '/warehouses/:id/pick-faces/import',
    {
      config: { permission: 'manage replenishment' },
      schema: {
        summary: 'Import pick faces from a spreadsheet (SKU, Account, Location, Min, Max, Increment)',
        description:
          'All or nothing: any bad row refuses the file with 422, every bad row listed in `errors.file` ("Row N: …"). Faces named are added or updated; others stay.',
        operationId: 'importPickFaces',
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        multipart: z.object({ file: uploadedFile() }),
        response: { 200: pickFaceImportResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const upload = await readSheetUpload(request, maxImportBytes);
      const count = await importPickFaces(db, auth, request.params.id, upload);
      return { message: REPLENISHMENT_MESSAGES.imported(count), imported_count: count };
    },
  );

  app.get(
    '/warehouses/:id/replenishment',
    {
      config: { permission: 'view replenishment' },
      schema: {
        summary: 'Pick faces to refill from storage: below min, or short for released waves, with their sources',
        operationId: 'getReplenishmentReport',
        tags,
        params: idParams,
        response: { 200: replenishmentReportResponse },
      },
    },
    async (request) => ({ data: await replenishmentReport(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/replenishment/summary',
    {
      config: { permission: 'view replenishment' },
      schema: {
        summary: "The dashboard card: live replenishment tasks and pick faces below min in the caller's warehouses",
        operationId: 'getReplenishmentSummary',
        tags,
        querystring: replenishmentSummaryQuery,
        response: { 200: replenishmentSummaryResponse, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await replenishmentSummary(db, requireAuth(request.auth), request.query.warehouse_id),
    }),
  );

  app.get(
    '/replenishment-tasks',
    {
      config: { permission: 'view replenishment' },
      schema: {
        summary: 'Replenishment tasks: urgent first, then walk order of the source',
        operationId: 'listReplenishmentTasks',
        tags,
        querystring: replenishmentTaskListQuery,
        response: { 200: replenishmentTaskPageResponse },
      },
    },
    async (request) => listReplenishmentTasks(db, requireAuth(request.auth), request.query),
  );

  app.post(
    '/replenishment-tasks',
    {
      config: { permission: 'manage replenishment' },
      schema: {
        summary: "Creates tasks from a warehouse's report (every line, or the chosen pick faces)",
        operationId: 'createReplenishmentTasks',
        tags,
        body: replenishmentTasksCreateSchema,
        response: { 201: replenishmentTasksCreatedResponse },
      },
    },
    async (request, reply) => {
      const data = await createTasksFromReport(db, requireAuth(request.auth), request.body);
      return reply.code(201).send({ message: REPLENISHMENT_MESSAGES.tasksCreated(data.length), data });
    },
  );

  app.post(
    '/replenishment-tasks/:id/start',
    {
      config: { permission: 'replenish', idempotent: 'json' },
      schema: {
        summary: 'Takes an open task (one worker gets it)',
        operationId: 'startReplenishmentTask',
        tags,
        params: idParams,
        response: { 200: replenishmentTaskResponse },
      },
    },
    async (request) => ({
      message: REPLENISHMENT_MESSAGES.started,
      data: await startTask(db, requireAuth(request.auth), request.params.id),
    }),
  );

  app.post(
    '/replenishment-tasks/:id/complete',
    {
      config: { permission: 'replenish', idempotent: 'json' },
      schema: {
        summary: 'Completes a task with the scanned source, lot, target and quantity (a ledger move)',
        operationId: 'completeReplenishmentTask',
        tags,
        params: idParams,
        body: replenishmentCompleteSchema,
        response: { 200: replenishmentTaskResponse },
      },
    },
    async (request) => {
      const { task, message } = await completeTask(db, requireAuth(request.auth), request.params.id, request.body);
      return message ? { message, data: task } : { data: task };
    },
  );

  app.post(
    '/replenishment-tasks/:id/short',
    {
      config: { permission: 'replenish', idempotent: 'json' },
      schema: {
        summary: 'The source is short: the task ends, the source goes to hospital with a count',
        operationId: 'shortReplenishmentTask',
        tags,
        params: idParams,
        response: { 200: replenishmentTaskResponse },
      },
    },
    async (request) => {
      const data = await shortTask(db, requireAuth(request.auth), request.params.id);
      return { message: REPLENISHMENT_MESSAGES.shorted(data.source.code), data };
    },
  );

  app.post(
    '/replenishment-tasks/:id/cancel',
    {
      config: { permission: 'manage replenishment' },
      schema: {
        summary: 'Cancels a live task (its units at the source are free again)',
        operationId: 'cancelReplenishmentTask',
        tags,
        params: idParams,
        response: { 200: replenishmentTaskResponse },
      },
    },
    async (request) => ({
      message: REPLENISHMENT_MESSAGES.cancelled,
      data: await cancelTask(db, requireAuth(request.auth), request.params.id),
    }),
  );
};
