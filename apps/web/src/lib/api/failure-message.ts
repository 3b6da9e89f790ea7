import { ERRORS } from '@wms/contract/messages';
import { HttpError, NetworkError } from './api-error';

/**
 * Spec 2 §8: "where the server supplies a message or error field it is preferred, else the fallback". For calls
 * made with `notifyOnError: false` whose screen names its own fallback text. Null for a 401 (the api client has
 * already ended the session) and for aborted requests.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof NetworkError) return ERRORS.network;
  if (!(error instanceof HttpError)) return fallback;
  if (error.status === 401) return null;
  if (error.status === 403) return ERRORS.forbiddenAction;
  if (error.status >= 500) return fallback;
  const fields = Object.values(error.fieldErrors).flat();
  if (fields.length > 0) return fields.join('\n');
  return error.serverMessage ?? fallback;
}
