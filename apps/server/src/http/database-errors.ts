import { conflict, fieldError } from './errors';

/**
 * PostgreSQL SQLSTATE codes we answer as client errors; PGlite raises the same codes. Deleting a row that an
 * ON DELETE RESTRICT key still references raises restrict_violation (23001); NO ACTION keys and inserts raise
 * foreign_key_violation (23503).
 */
const REFERENCE_VIOLATIONS = new Set(['23503', '23001']);
const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error, looking through wrappers (drizzle wraps driver errors in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isForeignKeyViolation = (error: unknown): boolean => REFERENCE_VIOLATIONS.has(sqlState(error) ?? '');
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === UNIQUE_VIOLATION;

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
