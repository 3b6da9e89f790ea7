import {
  ACCOUNT_LOGO_MAX_BYTES,
  ACCOUNT_LOGO_MESSAGES,
  ACCOUNT_LOGO_MIME_TYPES,
  accountLogoRemovedResponse,
  accountLogoSavedResponse,
} from '@wms/contract/account-logo';
import { idParams } from '@wms/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { storableFileName } from '../../../files/file-name';
import type { FileStorage } from '../../../files/file-storage';
import { fieldError, HttpError } from '../../../http/errors';
import { isFileTooLarge, readMultipart } from '../../../http/multipart-errors';
import { fileDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { openAccountLogo, removeAccountLogo, storeAccountLogo } from './account-logos';

const tags = ['accounts'];

/**
 * The account's logo for its packing slips: whoever may edit the account (its client owner, staff in scope) uploads
 * or removes it; whoever may see the account downloads it. Out-of-scope accounts answer 404.
 */
export const accountLogosRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.put(
    '/accounts/:id/logo',
    {
      config: { permission: 'edit accounts' },
      schema: {
        summary: "Upload the account's logo (PNG or JPEG, at most 1 MB)",
        description: 'The type is read from the bytes (a renamed file is 415); it replaces any previous logo.',
        operationId: 'uploadAccountLogo',
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        multipart: z.object({ logo: uploadedFile().mime([...ACCOUNT_LOGO_MIME_TYPES]) }),
        response: { 200: accountLogoSavedResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (!request.isMultipart()) throw fieldError('logo', ACCOUNT_LOGO_MESSAGES.logoRequired);
      // Our own cap, under the global multipart cap: over it is 413 and nothing is stored.
      const upload = await readMultipart(async () => {
        const part = await request.file({ limits: { fileSize: ACCOUNT_LOGO_MAX_BYTES } });
        if (part?.fieldname !== 'logo') throw fieldError('logo', ACCOUNT_LOGO_MESSAGES.logoRequired);
        try {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, ACCOUNT_LOGO_MESSAGES.logoTooLarge);
          return { fileName: storableFileName(part.filename, 'logo'), bytes };
        } catch (error) {
          if (isFileTooLarge(error)) throw new HttpError(413, ACCOUNT_LOGO_MESSAGES.logoTooLarge);
          throw error;
        }
      });
      if (upload.bytes.length === 0) throw fieldError('logo', ACCOUNT_LOGO_MESSAGES.logoRequired);
      const data = await storeAccountLogo(db, storage, auth, request.params.id, upload);
      return { data, message: ACCOUNT_LOGO_MESSAGES.logoSaved };
    },
  );

  app.delete(
    '/accounts/:id/logo',
    {
      config: { permission: 'edit accounts' },
      schema: {
        summary: "Remove the account's logo",
        operationId: 'deleteAccountLogo',
        tags,
        params: idParams,
        response: { 200: accountLogoRemovedResponse },
      },
    },
    async (request) => {
      await removeAccountLogo(db, storage, requireAuth(request.auth), request.params.id);
      return { message: ACCOUNT_LOGO_MESSAGES.logoRemoved };
    },
  );

  app.get(
    '/accounts/:id/logo',
    {
      config: { permission: 'view accounts' },
      schema: {
        summary: "Download the account's logo",
        operationId: 'getAccountLogo',
        tags,
        params: idParams,
        response: { 200: fileDownload('The logo image', ACCOUNT_LOGO_MIME_TYPES) },
      },
    },
    async (request, reply) => {
      const { stored, mimeType } = await openAccountLogo(db, storage, requireAuth(request.auth), request.params.id);
      return reply
        .header('Content-Type', mimeType)
        .header('Content-Length', stored.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', 'private, no-cache')
        .send(stored.stream);
    },
  );
};
