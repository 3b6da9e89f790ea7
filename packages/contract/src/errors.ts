import { z } from 'zod';

/**
 * The error answers of every route (DESIGN §5): `{message}` for 400, 401, 403, 404, 409, 413, 415, 429 and 500;
 * `{message, errors}` for 422, where `errors` maps each field to its messages and `message` is the first of them.
 * The OpenAPI document names them once (components) and every operation refers to them.
 */
export const errorResponseSchema = z.object({ message: z.string() });

export const validationErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type ValidationErrorResponse = z.infer<typeof validationErrorResponseSchema>;
