import { SERVER_MESSAGES } from '@wms/contract/messages';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, UPLOAD_MESSAGES, uploadImageResponse } from '@wms/contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { storableFileName } from '../../../files/file-name';
import type { FileStorage } from '../../../files/file-storage';
import { fieldError, HttpError, notFound } from '../../../http/errors';
import { isFileTooLarge, readMultipart } from '../../../http/multipart-errors';
import { fileDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { findPublicAvatar, storeAvatar } from './avatar-upload';

export interface FilesRoutesOptions {
  db: Database;
  storage: FileStorage;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { db, storage }) => {
  app.post(
    '/uploadImage',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Upload an avatar image',
        operationId: 'uploadImage',
        tags: ['profile'],
        consumes: ['multipart/form-data'],
        multipart: z.object({ image: uploadedFile().mime([...AVATAR_MIME_TYPES]) }),
        response: { 200: uploadImageResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (!request.isMultipart()) throw fieldError('image', UPLOAD_MESSAGES.imageRequired);
      // A cap of our own, well under the global multipart cap that imports need. Over it is a 413 and nothing is
      // stored (a truncated image is never kept).
      const upload = await readMultipart(async () => {
        const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES } });
        if (part?.fieldname !== 'image') throw fieldError('image', UPLOAD_MESSAGES.imageRequired);
        try {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.imageTooLarge);
          return { fileName: storableFileName(part.filename, 'avatar'), bytes };
        } catch (error) {
          if (isFileTooLarge(error)) throw new HttpError(413, UPLOAD_MESSAGES.imageTooLarge);
          throw error;
        }
      });
      if (upload.bytes.length === 0) throw fieldError('image', UPLOAD_MESSAGES.imageRequired);
      return { data: await storeAvatar(db, storage, auth, upload) };
    },
  );

  // Public on purpose, and for avatars only: avatars appear in <img> tags that send no bearer token, and their
  // ids are random uuids that cannot be guessed or listed. Documents (label PDFs…) get an authenticated,
  // scope-checked route of their own.
  app.get(
    '/files/:id',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Download an avatar image',
        operationId: 'getFile',
        tags: ['files'],
        response: { 200: fileDownload('The image', AVATAR_MIME_TYPES) },
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const found = await findPublicAvatar(db, storage, request.params.id);
      if (!found) throw notFound(SERVER_MESSAGES.notFound);
      const { file, stored } = found;
      return (
        reply
          .header('Content-Type', file.mimeType)
          .header('Content-Length', stored.size)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'")
          // A file never changes under its id (a new avatar is a new file), so browsers may keep it for good.
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(stored.stream)
      );
    },
  );
};
