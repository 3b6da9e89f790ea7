import { HttpError } from '../../lib/api/api-error';
import { failureMessage } from '../../lib/api/failure-message';

/**
 * Spec 2 §8: where the server supplies a message or an `error` field it is preferred, else the screen's fallback.
 * Status changes answer their reason in `error` (spec 2 §7).
 */
export function orderFailure(error: unknown, fallback: string): string | null {
  if (error instanceof HttpError && error.status !== 401 && error.status < 500) {
    const data = error.data as { error?: unknown } | undefined;
    if (data && typeof data.error === 'string' && data.error !== '') return data.error;
  }
  return failureMessage(error, fallback);
}
