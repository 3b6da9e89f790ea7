import { z } from 'zod';

/** The bytes of a file, as OpenAPI describes a binary body (typed unknown: handlers send a Buffer). */
const binary = z.unknown().meta({ type: 'string', format: 'binary' });

/**
 * A download answer for a route's `response` (the content form fastify-type-provider-zod documents as is): each
 * media type the route may send, with a binary body. Handlers send a Buffer, which Fastify never serialises.
 */
export const fileDownload = (description: string, mediaTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: binary }])),
});

/** Spreadsheet exports and templates: the media types spreadsheets/write-sheet.ts sends (CSV or XLSX). */
export const sheetDownload = (description: string) =>
  fileDownload(description, ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

/** A multipart/form-data file field, for a route's `schema.multipart` description. */
export const uploadedFile = () => z.file();
