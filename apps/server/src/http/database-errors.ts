import { TEXT_INVALID_CHARACTERS } from '@wms/contract/text';
import { sqlState } from '../db/sql-state';
import { conflict, fieldError, type HttpError, validationError } from './errors';

/**
 * PostgreSQL SQLSTATE codes we answer as client errors; PGlite raises the same codes. Deleting a row that an
 * ON DELETE RESTRICT key still references raises restrict_violation (23001); NO ACTION keys and inserts raise
 * foreign_key_violation (23503).
 */
const REFERENCE_VIOLATIONS = new Set(['23503', '23001']);
const UNIQUE_VIOLATION = '23505';

export const DATABASE_ERROR_MESSAGES = {
  outOfRange: 'A number in the request is out of range.',
  invalidValue: 'A value in the request is not valid.',
  tooLarge: 'The request names too many items or too much text. Send less at a time.',
  duplicate: 'This record already exists.',
  referenced: 'This record is still referenced by other records.',
  conflict: 'The change conflicts with the current data. Reload and try again.',
} as const;

export const isForeignKeyViolation = (error: unknown): boolean => REFERENCE_VIOLATIONS.has(sqlState(error) ?? '');
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === UNIQUE_VIOLATION;

/**
 * The safety net behind the schemas: a database refusal that a request caused answers 4xx in the documented shape
 * (422 `{message, errors}`, 409 `{message}`), never 500. Schemas should catch these first with a precise message;
 * this only guarantees that a gap they leave is a client error, not a crash. Anything else is undefined (a 500).
 */
export function clientErrorOfDatabase(error: unknown): HttpError | undefined {
  const state = sqlState(error);
  if (!state) return undefined;
  switch (state) {
    case '22003': // numeric_value_out_of_range (an id or quantity past the integer column)
      return validationError({ _: [DATABASE_ERROR_MESSAGES.outOfRange] });
    case '22021': // character_not_in_repertoire (NUL and other bytes UTF-8 cannot hold)
    case '22P05': // untranslatable_character (an unpaired surrogate in JSON)
      return validationError({ _: [TEXT_INVALID_CHARACTERS] });
    case '22P02': // invalid_text_representation
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
    case '22001': // string_data_right_truncation
    case '23502': // not_null_violation
      return validationError({ _: [DATABASE_ERROR_MESSAGES.invalidValue] });
    case '54000': // program_limit_exceeded (an index row or a statement too large)
    case '54001': // statement_too_complex
    case '08P01': // protocol_violation (more bind parameters than the protocol carries)
      return validationError({ _: [DATABASE_ERROR_MESSAGES.tooLarge] });
    case UNIQUE_VIOLATION:
      return conflict(DATABASE_ERROR_MESSAGES.duplicate);
    case '23503':
    case '23001':
      return conflict(DATABASE_ERROR_MESSAGES.referenced);
    case '23514': // check_violation (e.g. stock below zero)
    case '23P01': // exclusion_violation
      return conflict(DATABASE_ERROR_MESSAGES.conflict);
    default:
      return undefined;
  }
}

/**
 * Runs a delete (or any change) and answers 409 with `message` when a row elsewhere still references it.
 * Every reference is an ON DELETE RESTRICT foreign key, so tables added later (orders, shipments…) are protected
 * without this code knowing about them.
 */
export async function refuseWhenReferenced<T>(change: () => Promise<T>, message: string): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(message);
    throw error;
  }
}

/** Runs an insert or update and answers 422 on `field` when a concurrent request took the same unique value. */
export async function refuseDuplicate<T>(change: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, message);
    throw error;
  }
}
