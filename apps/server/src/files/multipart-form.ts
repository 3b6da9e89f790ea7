import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { isFileTooLarge, readMultipart } from '../http/multipart-errors';

export interface MultipartUpload {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file?: MultipartUpload;
}

/**
 * Reads a multipart/form-data body with at most one file (buffered, capped at `maxBytes`: 413 with the route's own
 * message beyond it) and its text fields, in whatever order they come. A non-multipart body reads as empty, so the
 * route's field validation answers it; an unreadable one answers 400 (`readMultipart`).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { maxBytes: number; tooLargeMessage: string },
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {} };
  if (!request.isMultipart()) return form;
  await readMultipart(async () => {
    try {
      for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, options.tooLargeMessage);
          if (part.filename || bytes.length > 0) {
            form.file = { fieldName: part.fieldname, fileName: part.filename || 'upload.pdf', bytes };
          }
        } else if (typeof part.value === 'string') {
          form.fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (isFileTooLarge(error)) throw new HttpError(413, options.tooLargeMessage);
      throw error;
    }
  });
  return form;
}
