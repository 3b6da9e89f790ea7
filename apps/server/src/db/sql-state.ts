/*
 * Reading a database error: PostgreSQL and PGlite raise the same SQLSTATE codes and name the violated constraint;
 * the transaction helper retries on some codes and http/database-errors.ts answers others as client errors.
 */

/** The SQLSTATE of a database error, looking through wrappers (drizzle wraps driver errors in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The name of the constraint or unique index a database error names (`constraint` on pg and PGlite errors). */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
