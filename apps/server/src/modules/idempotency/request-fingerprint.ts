import { createHash } from 'node:crypto';

/**
 * A stable text of a request's content: object keys sorted, buffers (uploaded files) replaced by their SHA-256, so
 * the same JSON body in another key order, or the same multipart parts under another boundary, read the same.
 */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** SHA-256 of the route and the request's content: what "the same request" means for an Idempotency-Key. */
export function requestFingerprint(method: string, route: string, content: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n`)
    .update(JSON.stringify(canonical(content ?? null)))
    .digest('hex');
}
