import { HttpError } from './api-error';

/**
 * For calls whose failure has its own fallback text (e.g. 'Failed to save warehouse'): the api client still
 * handles a 401 and a lost connection through the catalogue; every other answer is worded by the page.
 */
export const isPageWordedError = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status !== 401;

/**
 * The page's wording: a rule the server explains (409 conflict, 422 validation) keeps the server's reason;
 * anything else shows the fallback.
 */
export function failureNotice(error: HttpError, fallback: string): string {
  if (error.status === 409 || error.status === 422) {
    const fieldMessages = Object.values(error.fieldErrors).map((messages) => messages.join(', '));
    return fieldMessages.join('\n') || error.serverMessage || fallback;
  }
  return fallback;
}
