import { z } from 'zod';

/** Names and other one-line texts, unless the spec says otherwise. */
export const NAME_MAX_LENGTH = 255;
export const EMAIL_MAX_LENGTH = 255;
/** Long enough for any passphrase; argon2 hashes whatever it gets, but a request body has no business being one. */
export const PASSWORD_MAX_LENGTH = 255;
export const SEARCH_MAX_LENGTH = 200;
export const TEXT_INVALID_CHARACTERS = 'The text contains characters that are not allowed.';
export const tooLong = (max: number) => `Use at most ${max} characters.`;

/**
 * NUL cannot be stored in a PostgreSQL text value and an unpaired UTF-16 surrogate cannot be encoded as UTF-8 (the
 * database refuses both), so every text the API accepts is checked for them.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A NUL or any surrogate: what text must hold before the exact (slower, look-around) check is worth running. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
export const isStorableText = (value: string): boolean =>
  !SUSPECT.test(value) || (!value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value));

/** The text with what cannot be stored removed (a spreadsheet cell is cleaned, not refused). */
export const withoutUnstorable = (value: string): string =>
  value.replaceAll('\u0000', '').replace(new RegExp(UNPAIRED_SURROGATE.source, 'g'), '');

/** A string that may be stored: no NUL, no unpaired surrogate. Start every text schema from this. */
export const safeString = (params?: { error?: string }) =>
  z.string(params).refine(isStorableText, { error: TEXT_INVALID_CHARACTERS, abort: true });

/**
 * An optional text: trimmed; blank, null or absent is null. Wrap it in `.optional()` where absent must stay
 * undefined ("leave the stored value alone"): zod does not run the inner schema for undefined then.
 */
export const optionalText = (max: number, tooLongMessage: string = tooLong(max)) =>
  safeString()
    .trim()
    .max(max, tooLongMessage)
    .nullish()
    .transform((v) => (v ? v : null));

/** A text kept exactly as typed (a draft's half-filled form): not trimmed, null kept, absent is ''. */
export const typedText = (max: number) => safeString().max(max, tooLong(max)).nullish().default('');

/**
 * The same check for a value anywhere in a request (query, params, body): the first offending path, or undefined.
 * It runs on every request before validation, so it walks without building a path until it finds something (a
 * path per node was 200 KB of garbage on a 50-order bulk create).
 */
export function findUnstorableText(value: unknown, depth = 0): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : [];
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorableText(key)) return [key];
    const found = findUnstorableText((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return undefined;
}
