import type { User } from '@wms/contract/entities';
import { api } from '../api/client';
import { sessionStore } from './sessionStore';

let inFlight: Promise<void> | null = null;

/**
 * Spec 1 §2.3/§4: at start the stored token is checked with GET /user. Success refreshes the stored user (its
 * role and permissions may have changed since sign-in); any failure ends the session. A 401 additionally gets
 * the catalogue's notification and redirect from the api client. Shared so a double mount calls the server once.
 */
export function checkAuthentication(): Promise<void> {
  if (!sessionStore.getState().token) return Promise.resolve();
  inFlight ??= api
    .get<{ user: User }>('/user', { bypass_default: true })
    .then(({ user }) => sessionStore.setUser(user))
    .catch(() => sessionStore.clearAll())
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
