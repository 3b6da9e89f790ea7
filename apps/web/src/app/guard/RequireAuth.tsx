import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isAuthenticated } from '../../lib/session/sessionStore';
import { useSession } from '../../lib/session/useSession';

/** For pages outside the admin layout that still need a session (the account selection page). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!isAuthenticated(session)) return <Navigate to="/login" replace />;
  return children;
}
