import { isOnAuthPath, loginPathFor, navigateTo } from '../navigation';
import { notifyError } from '../notify';
import { sessionStore } from '../session/session-store';
import { HttpError, NetworkError } from './api-error';
import {
  applyContextDefaults,
  type HttpMethod,
  type QueryParams,
  type RequestContext,
  toSearchString,
} from './context-defaults';
import { describeApiError } from './error-catalogue';

export const API_BASE = '/api';

export interface RequestOptions {
  query?: QueryParams;
  /** Do not add the selected warehouse_id / account_id (e.g. the selectors' own lists). */
  bypass_default?: boolean;
  /**
   * Whether a failure shows the catalogue notification. A function decides per error, e.g. forms that show
   * 422 field errors themselves but still want a toast for a network failure. Default: always.
   */
  notifyOnError?: boolean | ((error: unknown) => boolean);
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface FullRequest extends RequestOptions {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

/** The stored selection as the ids the API expects. */
export function currentRequestContext(): RequestContext {
  const { selectedWarehouse, selectedAccount } = sessionStore.getState();
  return { warehouse_id: selectedWarehouse?.id, account_id: selectedAccount?.id };
}

export function buildHeaders(body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  // FormData sets its own multipart boundary; only JSON bodies declare their type.
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const { token } = sessionStore.getState();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = response.headers.get('Content-Type')?.includes('json');
  return isJson ? JSON.parse(text) : text;
}

export async function apiRequest<T>(request: FullRequest): Promise<T> {
  const { query, body } = applyContextDefaults(
    request.method,
    { query: request.query, body: request.body },
    currentRequestContext(),
    request.bypass_default === true,
  );
  const headers = buildHeaders(body, request.headers);
  const url = `${API_BASE}${request.path}${toSearchString(query)}`;

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: request.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkError(error instanceof Error ? error.message : 'Network error');
    }
    const data = await parseBody(response);
    if (!response.ok) throw new HttpError(response.status, data);
    return data as T;
  } catch (error) {
    if (!isAbort(error)) handleApiError(error, request.notifyOnError ?? true);
    throw error;
  }
}

/** Applies the catalogue: the notification, and on 401 the end of the session. */
export function handleApiError(error: unknown, notifyOnError: RequestOptions['notifyOnError']): void {
  const { message, sessionExpired } = describeApiError(error);
  const shouldNotify = typeof notifyOnError === 'function' ? notifyOnError(error) : notifyOnError !== false;

  if (sessionExpired) {
    sessionStore.clearCredentials();
    // On the sign-in and registration pages a 401 is expected (a stale token) and stays silent.
    if (isOnAuthPath()) return;
    // Said even for a request quiet about its own errors (a background refetch, the offline queue's replay): the
    // session's end is not that request's error, and the sign-in page that opens must say why it did.
    notifyError(message);
    // After signing in again the user is back on this page.
    navigateTo(loginPathFor(window.location));
    return;
  }
  if (shouldNotify) notifyError(message);
}

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

export const api = {
  get: <T>(path: string, options: RequestOptions = {}) => apiRequest<T>({ ...options, method: 'GET', path }),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>({ ...options, method: 'POST', path, body }),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>({ ...options, method: 'PUT', path, body }),
  patch: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>({ ...options, method: 'PATCH', path, body }),
  delete: <T>(path: string, options: RequestOptions = {}) => apiRequest<T>({ ...options, method: 'DELETE', path }),
};
