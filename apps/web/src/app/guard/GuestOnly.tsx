import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnPathFrom } from '../../lib/navigation';
import { isAuthenticated } from '../../lib/session/session-store';
import { useSession } from '../../lib/session/use-session';

/** Spec 1 §2.1: an authenticated user opening the sign-in page goes to the dashboard (or the page they asked for). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  if (isAuthenticated(session)) return <Navigate to={returnPathFrom(search)} replace />;
  return children;
}
