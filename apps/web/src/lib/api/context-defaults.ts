/**
 * Spec 1 §7: the selected warehouse and account are sent with every GET (query) and POST (body), unless the
 * caller already gave a value or asked to bypass the defaults. PUT, PATCH and DELETE never get them.
 * The server treats them as narrowing filters, never as a widening of the caller's scope.
 */
export interface RequestContext {
  warehouse_id?: number;
  account_id?: number;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const CONTEXT_KEYS = ['warehouse_id', 'account_id'] as const;

const isGiven = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

export function withContextQuery(query: QueryParams | undefined, context: RequestContext): QueryParams {
  const result: QueryParams = { ...query };
  for (const key of CONTEXT_KEYS) {
    const stored = context[key];
    if (stored !== undefined && !isGiven(result[key])) result[key] = stored;
  }
  return result;
}

/** Plain objects get the keys added; FormData gets them appended; other bodies (arrays, blobs) are left alone. */
export function withContextBody(body: unknown, context: RequestContext): unknown {
  if (body instanceof FormData) {
    for (const key of CONTEXT_KEYS) {
      const stored = context[key];
      if (stored !== undefined && !isGiven(body.get(key))) body.append(key, String(stored));
    }
    return body;
  }
  if (body === undefined || body === null) return withContextBody({}, context);
  if (typeof body !== 'object' || Array.isArray(body) || body instanceof Blob) return body;
  const result: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of CONTEXT_KEYS) {
    const stored = context[key];
    if (stored !== undefined && !isGiven(result[key])) result[key] = stored;
  }
  return result;
}

export function applyContextDefaults(
  method: HttpMethod,
  request: { query?: QueryParams; body?: unknown },
  context: RequestContext,
  bypass: boolean,
): { query?: QueryParams; body?: unknown } {
  if (bypass) return request;
  if (method === 'GET') return { ...request, query: withContextQuery(request.query, context) };
  if (method === 'POST') return { ...request, body: withContextBody(request.body, context) };
  return request;
}

export function toSearchString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
