/**
 * Whether a database error means the connection to the server failed (refused, reset, dropped, the server shutting
 * down or still starting), as opposed to an error of the SQL itself. Read routing retries the first kind on the
 * primary (read-routing.ts); a SQL error would fail there the same way.
 */
export function isConnectionError(error: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    const { message } = current;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isConnectionSqlState(code))) return true;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

/** Node's socket errors. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE class 08 (connection exception), and 57P01–57P03: the server is shutting down (admin or crash) or cannot
 * accept connections yet (a restarted replica still recovering).
 */
const isConnectionSqlState = (code: string) => /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code);

/** node-postgres's own errors for a socket that closed or a connection that never came (they carry no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
];
