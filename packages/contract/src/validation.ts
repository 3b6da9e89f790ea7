import { z } from 'zod';
import { VALIDATION } from './messages';

/** Spec 1 §5: a basic word-and-dot form with a 2 to 3 letter top-level domain. */
export const EMAIL_PATTERN = /^[\w.+-]+@([\w-]+\.)+[A-Za-z]{2,3}$/;
export const PASSWORD_MIN_LENGTH = 8;

/** A string that must be present and non-blank; both failures carry the same message. */
export const requiredString = (message: string) =>
  // abort: a blank value reports only "required", not also the format checks chained after it.
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const emailField = (invalidMessage: string = VALIDATION.emailInvalid) =>
  requiredString(VALIDATION.emailRequired).regex(EMAIL_PATTERN, invalidMessage);

export const loginSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, { error: VALIDATION.passwordRequired, abort: true }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: requiredString(VALIDATION.nameRequired),
    email: emailField(),
    password: z
      .string({ error: VALIDATION.passwordRequired })
      .min(1, { error: VALIDATION.passwordRequired, abort: true })
      .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordMin),
    password_confirmation: z
      .string({ error: VALIDATION.passwordConfirmationRequired })
      .min(1, { error: VALIDATION.passwordConfirmationRequired, abort: true }),
    warehouse_ids: z
      .array(z.coerce.number().int().positive(), { error: VALIDATION.warehousesRequired })
      .min(1, VALIDATION.warehousesRequired),
  })
  .refine((v) => v.password_confirmation === '' || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION.passwordsDoNotMatch,
  });
export type RegisterInput = z.infer<typeof registerSchema>;
