import type { FastifyReply } from 'fastify';
import type { SheetFile } from '../spreadsheets/write-sheet';

/** A download: content type, attachment name (quoted; our names are ASCII), no caching of private data. */
export const sendSheetFile = (reply: FastifyReply, file: SheetFile) =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
