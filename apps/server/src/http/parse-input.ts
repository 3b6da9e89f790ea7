import type { z } from 'zod';
import { type FieldErrors, validationError } from './errors';

/**
 * Validates a body against a second schema chosen by the service (e.g. staff vs client rules for the same route),
 * answering 422 in the same shape as route-level validation.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    const messages = errors[field] ?? [];
    if (!messages.includes(issue.message)) errors[field] = [...messages, issue.message];
  }
  throw validationError(errors);
}
