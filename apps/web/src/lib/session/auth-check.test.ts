import type { User } from '@wms/contract/entities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAuthentication } from './auth-check';
import { sessionStore } from './session-store';

vi.mock('../notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../navigation')>()),
  navigateTo: vi.fn(),
}));

const user = { id: 7, name: 'Olivia', role: 'client', permissions: [] } as unknown as User;

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );

beforeEach(() => {
  localStorage.clear();
  sessionStore.reload();
  sessionStore.signIn('secret-token', user);
  window.history.replaceState(null, '', '/dashboard');
});
afterEach(() => vi.unstubAllGlobals());

describe('the start-up authentication check (GET /user)', () => {
  it('refreshes the stored user when the server accepts the token', async () => {
    answer(200, { user: { ...user, name: 'Olivia R.' } });
    await checkAuthentication();
    expect(sessionStore.getState().user?.name).toBe('Olivia R.');
  });

  it('ends the session when the server refuses it', async () => {
    answer(401, { message: 'Unauthenticated.' });
    await checkAuthentication();
    expect(sessionStore.getState().token).toBeFalsy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session when the request gets no answer (aborted by a reload, or the server unreachable)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      }),
    );
    await checkAuthentication();
    expect(sessionStore.getState().token).toBe('secret-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await checkAuthentication();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
