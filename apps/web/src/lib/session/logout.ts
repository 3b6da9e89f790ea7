import { api } from '../api/client';
import { markDeliberateSignOut, navigateTo } from '../navigation';
import { sessionStore } from './session-store';

/**
 * Spec 1 §4: logout from the user menu clears local and session storage, tells the server (its errors are
 * ignored) and goes to /login. The token is captured first so the server can still revoke it.
 */
export function logout(): void {
  markDeliberateSignOut();
  const { token } = sessionStore.getState();
  if (token) {
    api
      .post('/logout', undefined, {
        bypass_default: true,
        notifyOnError: false,
        headers: { Authorization: `Bearer ${token}` },
      })
      .catch(() => undefined);
  }
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reload();
  navigateTo('/login');
}
