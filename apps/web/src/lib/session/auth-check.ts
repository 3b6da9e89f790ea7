import type { User } from '@wms/contract/entities';
import { HttpError } from '../api/api-error';
import { api } from '../api/client';
import { sessionStore } from './session-store';

let inFlight: Promise<void> | null = null;

/**
 * Spec 1 §2.3/§4: at start the stored token is checked with GET /user. Success refreshes the stored user (its
 * role and permissions may have changed since sign-in); a failed check — the server answering with an error —
 * ends the session. A 401 additionally gets the catalogue's notification and redirect from the api client. No
 * answer at all is not a failed check: a reload or a navigation during start-up aborts the request, and an
 * unreachable server says nothing about the token; the session stays and the next call decides. Shared so a
 * double mount calls the server once.
 */
export function checkAuthentication(): Promise<void> {
  if (!sessionStore.getState().token) return Promise.resolve();
  inFlight ??= api
    .get<{ user: User }>('/user', { bypass_default: true })
    .then(({ user }) => sessionStore.setUser(user))
    .catch((error: unknown) => {
      if (error instanceof HttpError) sessionStore.clearAll();
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
