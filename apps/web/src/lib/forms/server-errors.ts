import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../api/api-error';

/** Forms show 422 answers on their fields, so the api client should not toast those. */
export const isValidationError = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status === 422;

export const notifyUnlessValidation = (error: unknown): boolean => !isValidationError(error);

/**
 * Puts a 422 answer's messages under the matching fields (joined by ', ' as the catalogue does). Messages for
 * fields the form does not have, or a 422 without field errors, go to the form's root error so nothing is lost.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallbackMessage: string,
): void {
  if (!isValidationError(error)) return;
  const unplaced: string[] = [];
  let placedAny = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const target = fields.find((name) => name === field || field.startsWith(`${name}.`));
    if (target) {
      setError(target, { type: 'server', message: messages.join(', ') });
      placedAny = true;
    } else {
      unplaced.push(messages.join(', '));
    }
  }
  if (unplaced.length > 0 || !placedAny) {
    setError('root.server', { type: 'server', message: unplaced.join('\n') || error.serverMessage || fallbackMessage });
  }
}
