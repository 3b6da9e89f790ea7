import { REPLENISHMENT_MESSAGES } from '@wms/contract/replenishment';
import type { FastifyRequest } from 'fastify';
import { storableFileName } from '../../../files/file-name';
import { HttpError } from '../../../http/errors';
import { isFileTooLarge, readMultipart } from '../../../http/multipart-errors';
import type { SheetUpload } from './pick-faces-spreadsheet';

/** The uploaded pick-face spreadsheet (buffered, capped at `maxBytes`), as the locations import reads its own. */
export async function readSheetUpload(request: FastifyRequest, maxBytes: number): Promise<SheetUpload | undefined> {
  if (!request.isMultipart()) return undefined;
  let upload: SheetUpload | undefined;
  try {
    await readMultipart(async () => {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
        if (part.type !== 'file') continue;
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, REPLENISHMENT_MESSAGES.importTooLarge);
        const filename = storableFileName(part.filename, '');
        if (filename) upload = { filename, buffer };
      }
    });
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, REPLENISHMENT_MESSAGES.importTooLarge);
    throw error;
  }
  return upload;
}
