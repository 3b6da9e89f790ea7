import { warehouseSummarySchema } from '@wms/contract/entities';
import { idParams } from '@wms/contract/ids';
import { pageMetaSchema } from '@wms/contract/pagination';
import {
  createUserSchema,
  USER_MESSAGES,
  updateUserSchema,
  userCreatedResponse,
  userListQuery,
  userListResponse,
  userResponse,
  userSavedResponse,
  userWarehouseAssignmentSchema,
  userWarehouseAssignmentsSchema,
} from '@wms/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  createUser,
  deleteUser,
  getUserInScope,
  getUserWarehouseAssignments,
  getUserWarehouses,
  listUsersInScope,
  listWarehouseAssignmentsInScope,
  updateUser,
} from './users-service';

export interface UsersRoutesOptions {
  db: Database;
}

const messageResponse = z.object({ message: z.string() });

/**
 * Users administration. The list ignores the warehouse_id the web client adds to every GET: users are not data
 * of the selected warehouse, and scope already limits a manager to the users of their warehouses.
 */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { db }) => {
  app.get(
    '/users',
    {
      config: { permission: 'view users' },
      schema: {
        summary: 'List users',
        operationId: 'listUsers',
        tags: ['users'],
        querystring: userListQuery,
        response: { 200: userListResponse },
      },
    },
    async (request) => {
      const page = await listUsersInScope(db, requireAuth(request.auth), request.query);
      return { users: page.data, ...page };
    },
  );

  app.get(
    '/users/warehouse-assignment',
    {
      config: { permission: 'view users' },
      schema: {
        summary: 'Users available for warehouse assignment',
        operationId: 'listUsersForWarehouseAssignment',
        tags: ['users'],
        querystring: userListQuery,
        response: { 200: z.object({ data: z.array(userWarehouseAssignmentSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => listWarehouseAssignmentsInScope(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/users/:id',
    {
      config: { permission: 'view users' },
      schema: {
        summary: 'Get a user',
        operationId: 'getUser',
        tags: ['users'],
        params: idParams,
        response: { 200: userResponse },
      },
    },
    async (request) => ({ user: await getUserInScope(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/users/:id/warehouses',
    {
      config: { permission: 'view users' },
      schema: {
        summary: 'List a user’s warehouses',
        operationId: 'listUserWarehouses',
        tags: ['users'],
        params: idParams,
        response: { 200: z.object({ data: z.array(warehouseSummarySchema) }) },
      },
    },
    async (request) => ({ data: await getUserWarehouses(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/users/:id/warehouse-assignments',
    {
      config: { permission: 'view users' },
      schema: {
        summary: 'List a user’s warehouse assignments',
        operationId: 'listUserWarehouseAssignments',
        tags: ['users'],
        params: idParams,
        response: { 200: z.object({ data: userWarehouseAssignmentsSchema }) },
      },
    },
    async (request) => ({
      data: await getUserWarehouseAssignments(db, requireAuth(request.auth), request.params.id),
    }),
  );

  app.post(
    '/users',
    {
      config: { permission: 'create users' },
      schema: {
        summary: 'Create a user',
        operationId: 'createUser',
        tags: ['users'],
        body: createUserSchema,
        response: { 201: userCreatedResponse },
      },
    },
    async (request, reply) => {
      const { user, initialPassword } = await createUser(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ user, message: USER_MESSAGES.created, initial_password: initialPassword });
    },
  );

  app.put(
    '/users/:id',
    {
      config: { permission: 'edit users' },
      schema: {
        summary: 'Update a user',
        operationId: 'updateUser',
        tags: ['users'],
        params: idParams,
        body: updateUserSchema,
        response: { 200: userSavedResponse },
      },
    },
    async (request) => ({
      user: await updateUser(db, requireAuth(request.auth), request.params.id, request.body),
      message: USER_MESSAGES.updated,
    }),
  );

  app.delete(
    '/users/:id',
    {
      config: { permission: 'delete users' },
      schema: {
        summary: 'Delete a user',
        operationId: 'deleteUser',
        tags: ['users'],
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deleteUser(db, requireAuth(request.auth), request.params.id);
      return { message: USER_MESSAGES.deleted };
    },
  );
};
