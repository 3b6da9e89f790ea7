import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../../lib/navigation';
import { isAuthenticated } from '../../lib/session/session-store';
import { useSession } from '../../lib/session/use-session';

/** For pages outside the admin layout that still need a session (the account selection page). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!isAuthenticated(session)) return <Navigate to={loginPathFor(location)} replace />;
  return children;
}
