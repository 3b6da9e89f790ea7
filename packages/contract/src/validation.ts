import { z } from 'zod';
import { idArraySchema } from './ids';
import { VALIDATION } from './messages';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, safeString, tooLong } from './text';

/**
 * Spec 1 §5's basic word-and-dot form, but with any real top-level domain: spec 1 says 2 to 3 letters,
 * which refuses `.info`, `.museum`, `.email` and internationalised (`xn--…`) domains people really use. Server and
 * web share this one pattern.
 */
export const EMAIL_PATTERN =
  /^[\w.+-]+@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
export const PASSWORD_MIN_LENGTH = 8;

/** Registration asks for warehouses from a short public list; a handful is plenty. */
export const REGISTER_WAREHOUSES_MAX = 20;

/**
 * A string that must be present and non-blank; both failures carry the same message. Storable characters only, and
 * at most `max` characters (names: 255).
 */
export const requiredString = (message: string, max: number = NAME_MAX_LENGTH) =>
  safeString({ error: message }).trim().min(1, message).max(max, tooLong(max));

/**
 * A format rule that leaves blank values to the "required" rule, so a blank field shows one message.
 * (Not `abort: true`: an aborted field also stops the object-level checks such as "Passwords do not match".)
 */
const unlessBlank = (test: (value: string) => boolean) => (value: string) => value === '' || test(value);

export const emailField = (invalidMessage: string = VALIDATION.emailInvalid) =>
  requiredString(VALIDATION.emailRequired, EMAIL_MAX_LENGTH).refine(
    unlessBlank((v) => EMAIL_PATTERN.test(v)),
    invalidMessage,
  );

const requiredPassword = (requiredMessage: string) =>
  safeString({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

export const loginSchema = z.object({
  email: emailField(),
  password: requiredPassword(VALIDATION.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registerFields = z.object({
  name: requiredString(VALIDATION.nameRequired),
  email: emailField(),
  password: requiredPassword(VALIDATION.passwordRequired).refine(
    unlessBlank((v) => v.length >= PASSWORD_MIN_LENGTH),
    VALIDATION.passwordMin,
  ),
  password_confirmation: requiredPassword(VALIDATION.passwordConfirmationRequired),
  warehouse_ids: idArraySchema(VALIDATION.warehousesRequired, REGISTER_WAREHOUSES_MAX).min(
    1,
    VALIDATION.warehousesRequired,
  ),
});
/** Both passwords typed (each may still be too short): then whether they match is worth saying too. */
export const bothPresent = (value: unknown, first: string, second: string): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record[first] === 'string' &&
    record[first] !== '' &&
    typeof record[second] === 'string' &&
    record[second] !== ''
  );
};

export const registerSchema = registerFields.check(
  z.refine((v: z.infer<typeof registerFields>) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION.passwordsDoNotMatch,
    // Check the match as soon as both passwords are typed, even while they or other fields still have errors, so
    // the user sees every message at once, e.g. too short and not matching.
    // (`.refine(…, { when })` ignores `when`; `.check` honours it.)
    when: (payload) => bothPresent(payload.value, 'password', 'password_confirmation'),
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;
