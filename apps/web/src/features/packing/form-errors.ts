import { HttpError } from '../../lib/api/api-error';

/** A 422 answer's messages by field, and its message for the form when no field carries one. */
export function formErrors(
  error: unknown,
  fields: readonly string[],
): { fields: Record<string, string>; form: string | null } {
  if (!(error instanceof HttpError)) return { fields: {}, form: 'The change could not be saved.' };
  const placed: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) placed[field] = messages.join(', ');
    else rest.push(messages.join(', '));
  }
  const form = rest.join('\n') || (Object.keys(placed).length === 0 ? (error.serverMessage ?? null) : null);
  return { fields: placed, form };
}
