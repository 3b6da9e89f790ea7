import { z } from 'zod';

/** Every id is a PostgreSQL integer key: 1 … 2^31−1. */
export const ID_MAX = 2_147_483_647;
/** The most ids one request may name (bulk actions, pickers). Keeps every `IN (…)` far below the parameter limit. */
export const ID_ARRAY_MAX = 1000;
export const ID_INVALID = 'The id must be a whole number from 1 to 2147483647.';
export const idArrayTooLong = (max: number) => `Choose at most ${max} entries.`;

/**
 * Digits only, no sign, no leading zero, no spaces, no hex or exponent: `" 1"`, `"0x10"`, `"1e3"` and `"01"` are
 * refused (Number() would read them as 1, 16, 1000 and 1). Ten digits at most, so the range check sees the real value.
 */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * One id schema for the whole API: path params, query filters and body fields. Accepts a JSON integer or a string of
 * digits (paths, queries and form posts carry text) and yields a number in range. `message` replaces every failure
 * text, so a required id can say "Please select a product" whether it is missing or malformed.
 */
export const idSchema = (message: string = ID_INVALID) =>
  z
    .union(
      [
        z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message),
        z
          .string({ error: message })
          .regex(ID_TEXT, message)
          .refine((text) => Number(text) <= ID_MAX, message),
      ],
      { error: message },
    )
    .transform(Number);

/** An optional id filter (`?warehouse_id=`): absent is undefined; anything present must be a valid id. */
export const optionalIdQuery = () => idSchema().optional();

/**
 * An optional id in a body (a form's select): '' (nothing chosen), null or absent is null; anything else must be a
 * valid id, else `message`. Wrap it in `.optional()` where absent must stay undefined (an edit leaves it alone).
 */
export const optionalIdField = (message: string = ID_INVALID) =>
  z
    .union([z.literal(''), z.null(), idSchema(message)], { error: message })
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null));

/** A list of ids, capped (an id array is never unbounded). */
export const idArraySchema = (
  message: string = ID_INVALID,
  max: number = ID_ARRAY_MAX,
  elementMessage: string = message,
) => z.array(idSchema(elementMessage), { error: message }).max(max, idArrayTooLong(max));

/** `{ id }` path parameters. */
export const idParams = z.object({ id: idSchema() });
