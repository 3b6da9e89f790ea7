import type { RoutePermission } from '../../auth/route-permission';

/** The error answers DESIGN §5 gives every route; each has one shared response in the OpenAPI document. */
export const STANDARD_ERRORS = {
  400: { name: 'BadRequest', description: 'The request body could not be read (malformed JSON).' },
  401: { name: 'Unauthenticated', description: 'No valid bearer token.' },
  403: { name: 'Forbidden', description: 'The caller lacks the permission, or must change their password first.' },
  404: { name: 'NotFound', description: 'No such row within the caller’s scope.' },
  409: { name: 'Conflict', description: 'The row’s state does not allow this change (in use, changed meanwhile…).' },
  413: { name: 'PayloadTooLarge', description: 'The request body or uploaded file is too large.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body’s content type, or the uploaded file’s type, is refused.',
  },
  422: { name: 'ValidationFailed', description: 'Invalid input: field messages in `errors`.' },
  429: { name: 'TooManyRequests', description: 'Rate limit reached; try again later.' },
  500: { name: 'ServerError', description: 'Unexpected server error (no internals disclosed).' },
} as const;

export type StandardErrorStatus = keyof typeof STANDARD_ERRORS;

export const isStandardErrorStatus = (status: string | number): boolean => Number(status) in STANDARD_ERRORS;

/** What the document generator needs to know about a route. */
export interface RouteFacts {
  method: string | readonly string[];
  url: string;
  permission?: RoutePermission;
  hasParams: boolean;
  hasQuery: boolean;
  hasBody: boolean;
}

/**
 * The error answers a route can give, derived from how every route is served (auth plugin, error handler,
 * scope rules), so a new route is documented correctly without listing them:
 * - every route may fail (500);
 * - a non-public route answers 401 without a valid token, 403 when it needs a permission the caller lacks, and
 *   403 on any write while the caller must still replace their initial password;
 * - a path id, or any write on rows, may name a row outside the caller's scope (404); writes may meet a state
 *   that refuses them (409: in use, changed meanwhile, wrong status);
 * - any input is validated (422); any request body may be unreadable (400), too large (413) or of a refused
 *   content type (415).
 * - a non-public route called with an API key may meet the key's rate limit (429).
 * Rarer answers (503…) are declared on the route itself.
 */
export function standardErrorStatuses(route: RouteFacts): StandardErrorStatus[] {
  const methods = [route.method].flat();
  const isRead = methods.every((method) => method === 'GET' || method === 'HEAD');
  const isPublic = route.permission === 'public';
  const statuses = new Set<StandardErrorStatus>([500]);
  if (!isPublic) {
    statuses.add(401);
    statuses.add(429);
    if (route.permission !== 'authenticated' || !isRead) statuses.add(403);
  }
  if (route.hasParams || (!isRead && !isPublic)) statuses.add(404);
  if (!isRead && !isPublic) statuses.add(409);
  if (route.hasParams || route.hasQuery || route.hasBody || !isRead) statuses.add(422);
  if (!isRead) {
    statuses.add(400);
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}
