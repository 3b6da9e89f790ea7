import type { Account, User, Warehouse } from '@wms/contract/entities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { HttpError } from './api-error';
import { api } from './client';

const notifyError = vi.hoisted(() => vi.fn());
const navigateTo = vi.hoisted(() => vi.fn());
vi.mock('../notify', () => ({ notifyError, notifySuccess: vi.fn() }));
vi.mock('../navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../navigation')>()),
  navigateTo,
}));

const user = { id: 7, name: 'Olivia', role: 'client', permissions: [] } as unknown as User;
const warehouse = { id: 3, name: 'Dallas', code: 'DAL-02', is_active: true } as Warehouse;
const account = { id: 11, name: 'Northwind', status: 'active' } as Account;

interface Captured {
  url: URL;
  init: RequestInit;
}

function mockFetch(status = 200, body: unknown = { ok: true }) {
  const calls: Captured[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      calls.push({ url: new URL(input, 'http://localhost'), init });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const jsonBody = (call: Captured | undefined): unknown => JSON.parse(String(call?.init.body));

beforeEach(() => {
  localStorage.clear();
  sessionStore.reload();
  sessionStore.signIn('secret-token', user);
  sessionStore.selectWarehouse(warehouse);
  sessionStore.selectAccount(account);
  window.history.replaceState(null, '', '/dashboard');
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifyError.mockReset();
  navigateTo.mockReset();
});

describe('api client: headers', () => {
  it('calls /api with JSON, X-Requested-With and the bearer token', async () => {
    const calls = mockFetch();
    await api.post('/things', { a: 1 });
    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url.pathname).toBe('/api/things');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    sessionStore.clearCredentials();
    const calls = mockFetch();
    await api.get('/all-warehouses');
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false);
  });
});

describe('api client: default warehouse_id / account_id', () => {
  it('GET adds both to the query', async () => {
    const calls = mockFetch();
    await api.get('/orders', { query: { page: 2 } });
    const params = calls[0]?.url.searchParams;
    expect(params?.get('page')).toBe('2');
    expect(params?.get('warehouse_id')).toBe('3');
    expect(params?.get('account_id')).toBe('11');
  });

  it('GET keeps values the caller gave', async () => {
    const calls = mockFetch();
    await api.get('/orders', { query: { warehouse_id: 99 } });
    expect(calls[0]?.url.searchParams.getAll('warehouse_id')).toEqual(['99']);
    expect(calls[0]?.url.searchParams.get('account_id')).toBe('11');
  });

  it('GET with bypass_default adds neither', async () => {
    const calls = mockFetch();
    await api.get('/warehouses', { query: { per_page: 100 }, bypass_default: true });
    expect(calls[0]?.url.search).toBe('?per_page=100');
  });

  it('POST adds both to the JSON body, not the query', async () => {
    const calls = mockFetch();
    await api.post('/orders', { name: 'x' });
    expect(jsonBody(calls[0])).toEqual({ name: 'x', warehouse_id: 3, account_id: 11 });
    expect(calls[0]?.url.search).toBe('');
  });

  it('POST keeps values the caller gave', async () => {
    const calls = mockFetch();
    await api.post('/orders', { account_id: 5 });
    expect(jsonBody(calls[0])).toEqual({ account_id: 5, warehouse_id: 3 });
  });

  it('POST with bypass_default sends the body untouched', async () => {
    const calls = mockFetch();
    await api.post('/login', { email: 'a@b.co' }, { bypass_default: true });
    expect(jsonBody(calls[0])).toEqual({ email: 'a@b.co' });
  });

  it('multipart POST appends both to the form data', async () => {
    const calls = mockFetch();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'orders.csv');
    await api.post('/orders/import', form);
    const sent = calls[0]?.init.body as FormData;
    expect(sent.get('warehouse_id')).toBe('3');
    expect(sent.get('account_id')).toBe('11');
    expect(new Headers(calls[0]?.init.headers).has('Content-Type')).toBe(false);
  });

  it.each(['put', 'patch'] as const)('%s sends neither in body nor query', async (method) => {
    const calls = mockFetch();
    await api[method]('/accounts/1', { name: 'x' });
    expect(jsonBody(calls[0])).toEqual({ name: 'x' });
    expect(calls[0]?.url.search).toBe('');
  });

  it('DELETE sends neither', async () => {
    const calls = mockFetch();
    await api.delete('/accounts/1');
    expect(calls[0]?.url.search).toBe('');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('adds nothing when nothing is selected', async () => {
    sessionStore.selectAccount(null);
    sessionStore.selectWarehouse(null);
    const calls = mockFetch();
    await api.get('/orders');
    await api.post('/orders', { a: 1 });
    expect(calls[0]?.url.search).toBe('');
    expect(jsonBody(calls[1])).toEqual({ a: 1 });
  });
});

describe('api client: failures', () => {
  it('notifies with the catalogue text and rejects with the HttpError', async () => {
    mockFetch(500, { message: 'Server error' });
    await expect(api.get('/orders')).rejects.toBeInstanceOf(HttpError);
    expect(notifyError).toHaveBeenCalledWith('Server error. Please try again later.');
  });

  it('a network failure notifies the network text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/orders')).rejects.toThrow();
    expect(notifyError).toHaveBeenCalledWith('Network error. Please check your connection.');
  });

  it('callers can opt out of the notification per error', async () => {
    mockFetch(422, { message: 'bad', errors: { email: ['These credentials do not match our records.'] } });
    await expect(
      api.post('/login', {}, { notifyOnError: (error) => !(error instanceof HttpError && error.status === 422) }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('401 clears token and user, notifies and goes to /login', async () => {
    mockFetch(401, { message: 'Unauthenticated.' });
    await expect(api.get('/orders')).rejects.toBeInstanceOf(HttpError);
    expect(notifyError).toHaveBeenCalledWith('Your session has expired. Please login again.');
    expect(navigateTo).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.getState().token).toBeNull();
  });

  it('401 of a quiet request (a background read, a replay) still says the session expired', async () => {
    mockFetch(401, { message: 'Unauthenticated.' });
    await expect(api.post('/waves/1/tasks/2/pick', {}, { notifyOnError: false })).rejects.toBeInstanceOf(HttpError);
    expect(notifyError).toHaveBeenCalledWith('Your session has expired. Please login again.');
    expect(navigateTo).toHaveBeenCalledWith('/login');
  });

  it.each(['/login', '/register'])('401 on %s: cleared, but no notification and no redirect', async (path) => {
    window.history.replaceState(null, '', path);
    mockFetch(401, { message: 'Unauthenticated.' });
    await expect(api.get('/user')).rejects.toBeInstanceOf(HttpError);
    expect(notifyError).not.toHaveBeenCalled();
    expect(navigateTo).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
