import { ERRORS } from '@wms/contract/messages';
import { HttpError, NetworkError } from './api-error';

/**
 * Spec 1 §8: the text shown for a failed call. Pure, so the whole catalogue is unit-tested; the side effects
 * (clearing the session, redirecting) are applied by the api client from `sessionExpired`.
 */
export interface ErrorDescription {
  message: string;
  sessionExpired: boolean;
}

export function describeApiError(error: unknown): ErrorDescription {
  if (error instanceof HttpError) {
    return { message: describeHttpError(error), sessionExpired: error.status === 401 };
  }
  if (error instanceof NetworkError) return { message: ERRORS.network, sessionExpired: false };
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Error: ${message}`, sessionExpired: false };
}

function describeHttpError(error: HttpError): string {
  switch (error.status) {
    case 401:
      return ERRORS.sessionExpired;
    case 403:
      return ERRORS.forbiddenAction;
    case 422:
      return joinFieldErrors(error) ?? ERRORS.validationFailed;
    case 500:
      return ERRORS.serverError;
    default:
      return error.serverMessage ?? ERRORS.genericRequest;
  }
}

/** One line per field, that field's messages joined by ', '. */
function joinFieldErrors(error: HttpError): string | undefined {
  const lines = Object.values(error.fieldErrors).map((messages) => messages.join(', '));
  return lines.length > 0 ? lines.join('\n') : undefined;
}
