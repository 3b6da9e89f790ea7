import { idParams, idSchema } from '@wms/contract/ids';
import {
  assignableUsersResponse,
  INQUIRY_MESSAGES,
  INQUIRY_TYPES,
  inquiryCreateSchema,
  inquiryListQuery,
  inquiryListResponse,
  inquiryResolveSchema,
  inquiryResponse,
  inquirySavedResponse,
  inquiryStatisticsResponse,
  inquiryUpdateSchema,
  subjectOptionsQuery,
  subjectOptionsResponse,
} from '@wms/contract/inquiries';
import { pageMeta } from '@wms/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireRule } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  assignableUsers,
  createInquiry,
  deleteInquiry,
  getInquiry,
  inquiryStatistics,
  inquiryTimeline,
  listInquiries,
  resolveInquiry,
  subjectOptions,
  updateInquiry,
} from './inquiries-service';

const id = idSchema();
const tags = ['inquiries'];
const timelineResponse = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      title: z.string(),
      description: z.string(),
      icon: z.string(),
      color: z.string(),
      time: z.string(),
      actor: z.object({ id: z.number(), name: z.string() }).nullable(),
    }),
  ),
});

/** Spec 2 §7 Inquiries. Scope: admins all, managers their warehouses, clients their accounts and their own. */
export const inquiriesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/inquiries',
    {
      config: { permission: 'view inquiries' },
      schema: {
        summary: 'List inquiries (15 per page, newest first)',
        operationId: 'listInquiries',
        tags,
        querystring: inquiryListQuery,
        response: { 200: inquiryListResponse },
      },
    },
    async (request) => {
      const { data, total } = await listInquiries(db, requireAuth(request.auth), request.query);
      const { page, per_page } = request.query;
      const meta = pageMeta(total.total, page, per_page, total.capped);
      return { data, current_page: page, total: total.total, per_page, meta };
    },
  );

  app.get(
    '/inquiries/statistics',
    {
      config: { permission: 'view inquiries' },
      schema: {
        summary: 'Count inquiries by status',
        operationId: 'inquiryStatistics',
        tags,
        querystring: z.object({ warehouse_id: id.optional(), account_id: id.optional() }),
        response: { 200: inquiryStatisticsResponse },
      },
    },
    async (request) => {
      const stats = await inquiryStatistics(db, requireAuth(request.auth), request.query.warehouse_id);
      return { data: stats, ...stats };
    },
  );

  app.get(
    '/inquiries/assignable-users',
    {
      config: { permission: 'view inquiries' },
      onRequest: requireRule('seeInquiryAssignees'),
      schema: {
        summary: 'Staff who can be assigned inquiries',
        operationId: 'listAssignableUsers',
        tags,
        querystring: z.object({ warehouse_id: id.optional(), account_id: id.optional() }),
        response: { 200: assignableUsersResponse },
      },
    },
    async (request) => ({
      users: await assignableUsers(requireAuth(request.auth), db, request.query.warehouse_id),
    }),
  );

  app.get(
    '/inquiries/subject-options/:type',
    {
      config: { permission: 'view inquiries' },
      schema: {
        summary: 'What an inquiry of this type can be about, within scope',
        operationId: 'listInquirySubjectOptions',
        tags,
        params: z.object({ type: z.enum(INQUIRY_TYPES) }),
        querystring: subjectOptionsQuery,
        response: { 200: subjectOptionsResponse },
      },
    },
    async (request) => ({
      options: await subjectOptions(db, requireAuth(request.auth), request.params.type, request.query),
    }),
  );

  app.get(
    '/inquiries/:id',
    {
      config: { permission: 'view inquiries' },
      schema: {
        summary: 'Get an inquiry',
        operationId: 'getInquiry',
        tags,
        params: idParams,
        response: { 200: inquiryResponse },
      },
    },
    async (request) => ({ data: await getInquiry(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/inquiries/:id/timeline',
    {
      config: { permission: 'view inquiries' },
      schema: {
        summary: 'Status history of an inquiry',
        operationId: 'getInquiryTimeline',
        tags,
        params: idParams,
        response: { 200: timelineResponse },
      },
    },
    async (request) => ({ data: await inquiryTimeline(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/inquiries',
    {
      config: { permission: 'create inquiries', idempotent: 'json' },
      schema: {
        summary: 'Submit an inquiry (auto-assigned to a manager of its warehouse)',
        operationId: 'createInquiry',
        tags,
        body: inquiryCreateSchema,
        response: { 201: inquirySavedResponse },
      },
    },
    async (request, reply) => {
      const data = await createInquiry(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ data, message: INQUIRY_MESSAGES.submitted });
    },
  );

  app.put(
    '/inquiries/:id',
    {
      config: { permission: 'edit inquiries' },
      schema: {
        summary: 'Update an inquiry',
        operationId: 'updateInquiry',
        tags,
        params: idParams,
        body: inquiryUpdateSchema,
        response: { 200: inquirySavedResponse },
      },
    },
    async (request) => ({
      data: await updateInquiry(db, requireAuth(request.auth), request.params.id, request.body),
      message: INQUIRY_MESSAGES.updated,
    }),
  );

  app.delete(
    '/inquiries/:id',
    {
      config: { permission: 'delete inquiries' },
      schema: {
        summary: 'Delete an inquiry',
        operationId: 'deleteInquiry',
        tags,
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteInquiry(db, requireAuth(request.auth), request.params.id);
      return { message: INQUIRY_MESSAGES.deleted };
    },
  );

  app.post(
    '/inquiries/:id/resolve',
    {
      config: { permission: 'edit inquiries' },
      schema: {
        summary: 'Answer and resolve an inquiry (staff)',
        operationId: 'resolveInquiry',
        tags,
        params: idParams,
        body: inquiryResolveSchema,
        response: { 200: inquirySavedResponse },
      },
    },
    async (request) => ({
      data: await resolveInquiry(db, requireAuth(request.auth), request.params.id, request.body.response),
      message: INQUIRY_MESSAGES.resolved,
    }),
  );
};
