import { changePasswordSchema, PROFILE_MESSAGES, profileResponse, profileSchema } from '@wms/contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { changePassword, updateProfile } from './profile-service';

/** The settings page: personal info (PUT /users) and security (POST /changePassword); avatars in files-routes. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.put(
    '/users',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Update the signed-in user’s profile',
        operationId: 'updateProfile',
        tags: ['profile'],
        body: profileSchema,
        response: { 200: profileResponse },
      },
    },
    async (request) => ({
      user: await updateProfile(db, requireAuth(request.auth), request.body),
      message: PROFILE_MESSAGES.updated,
    }),
  );

  app.post(
    '/changePassword',
    {
      config: { permission: 'authenticated', allowedBeforePasswordChange: true },
      schema: {
        summary: 'Change the signed-in user’s password',
        operationId: 'changePassword',
        tags: ['profile'],
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await changePassword(db, requireAuth(request.auth), request.body);
      return { message: PROFILE_MESSAGES.passwordChanged };
    },
  );
};
