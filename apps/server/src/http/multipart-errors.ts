import { SERVER_MESSAGES } from '@wms/contract/messages';
import { HttpError } from './errors';

/** Kept for the routes that name it; the text lives in the contract. */
export const MALFORMED_UPLOAD_MESSAGE = SERVER_MESSAGES.uploadUnreadable;

/** The multipart plugin's own "file over the route's limit" error. */
export const isFileTooLarge = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** @fastify/multipart's refusals, by code, as the catalogue words them (their own text is "reach files limit"…). */
const PLUGIN_ERRORS: Record<string, { status: number; message: string }> = {
  FST_FILES_LIMIT: { status: 413, message: SERVER_MESSAGES.uploadTooManyFiles },
  FST_PARTS_LIMIT: { status: 413, message: SERVER_MESSAGES.uploadTooManyFields },
  FST_FIELDS_LIMIT: { status: 413, message: SERVER_MESSAGES.uploadTooManyFields },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: SERVER_MESSAGES.uploadFileTooLarge },
  FST_PROTO_VIOLATION: { status: 400, message: SERVER_MESSAGES.uploadUnreadable },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: SERVER_MESSAGES.uploadUnreadable },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: SERVER_MESSAGES.unsupportedContentType },
};

/**
 * The parser under the plugin (busboy, dicer) throws plain Errors for a body it cannot read: no boundary, a
 * truncated part, a bad part header. Recognised by their text, the only thing they carry.
 */
const PARSER_FAILURE =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form|file)|Malformed part header|.* terminated early due to unexpected end of multipart data)$/;

/**
 * One mapping for every upload route, used by the error handler: a multipart error answers 4xx
 * `{message}` with the contract's words, never 500 or the library's text. Undefined for anything else.
 */
export function clientErrorOfMultipart(error: unknown): HttpError | undefined {
  if (!(error instanceof Error) || error instanceof HttpError) return undefined;
  const known = PLUGIN_ERRORS[(error as { code?: string }).code ?? ''];
  if (known) return new HttpError(known.status, known.message);
  if (PARSER_FAILURE.test(error.message)) return new HttpError(400, SERVER_MESSAGES.uploadUnreadable);
  return undefined;
}

/**
 * Reads a multipart request through `read`. A body the parser cannot read is the client's fault: answer 400 instead
 * of letting the parser's plain Error become a 500, and the plugin's refusals in the contract's words. A route's own
 * "file too large" (413 with its message) is left to the route's catch, which checks `isFileTooLarge` first.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError || isFileTooLarge(error)) throw error;
    throw clientErrorOfMultipart(error) ?? new HttpError(400, SERVER_MESSAGES.uploadUnreadable);
  }
}
