import { idParams } from '@wms/contract/ids';
import { ROLE_MESSAGES, roleSavedResponse, rolesResponse, updateRolePermissionsSchema } from '@wms/contract/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireRule } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { listRolesWithPermissions, updateRolePermissions } from './roles-service';

export const rolesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/roles',
    {
      config: { permission: 'view roles' },
      schema: {
        summary: 'List roles with their permissions',
        operationId: 'listRoles',
        tags: ['roles'],
        response: { 200: rolesResponse },
      },
    },
    async () => {
      return listRolesWithPermissions(db);
    },
  );

  // Readable by whoever may view roles; the service lets only a super-admin change them (403 for others).
  app.put(
    '/roles/:id/permissions',
    {
      config: { permission: 'view roles' },
      // Before body validation, so a caller who may never edit roles gets 403 rather than field errors.
      onRequest: requireRule('editRolePermissions', ROLE_MESSAGES.onlySuperAdmin),
      schema: {
        summary: 'Replace a role’s permissions',
        operationId: 'updateRolePermissions',
        tags: ['roles'],
        params: idParams,
        body: updateRolePermissionsSchema,
        response: { 200: roleSavedResponse },
      },
    },
    async (request) => ({
      data: await updateRolePermissions(db, requireAuth(request.auth), request.params.id, request.body),
      message: ROLE_MESSAGES.updated,
    }),
  );
};
