import { SERVER_MESSAGES, VALIDATION } from '@wms/contract/messages';

export type FieldErrors = Record<string, string[]>;

/** An error the client is meant to see: status and message (and, for 422, the field messages). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const notFound = (message: string = SERVER_MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, SERVER_MESSAGES.unauthenticated);
export const conflict = (message: string) => new HttpError(409, message);

/** 422 whose message is the first field message, so a client showing only `message` still says something true. */
export function validationError(errors: FieldErrors): HttpError {
  const first = Object.values(errors).flat()[0];
  return new HttpError(422, first ?? VALIDATION.failed, errors);
}

export const fieldError = (field: string, message: string) => validationError({ [field]: [message] });
