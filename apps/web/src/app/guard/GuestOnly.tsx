import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isAuthenticated } from '../../lib/session/sessionStore';
import { useSession } from '../../lib/session/useSession';

/** Spec 1 §2.1: an authenticated user opening the sign-in page goes to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (isAuthenticated(session)) return <Navigate to="/dashboard" replace />;
  return children;
}
