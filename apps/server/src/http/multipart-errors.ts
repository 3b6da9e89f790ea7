import { HttpError } from './errors';

export const MALFORMED_UPLOAD_MESSAGE = 'The upload could not be read. Send it as multipart/form-data with one file.';

/** The multipart plugin's own "file over the route's limit" error. */
export const isFileTooLarge = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a multipart request through `read`. A body the parser cannot read (no or wrong boundary, truncated, bad
 * headers) is the client's fault: answer 400 instead of letting the parser's plain Error become a 500. Errors that
 * already carry a status (413 from the caller, 4xx from the plugin) pass through.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError || isFileTooLarge(error)) throw error;
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new HttpError(400, MALFORMED_UPLOAD_MESSAGE);
  }
}
