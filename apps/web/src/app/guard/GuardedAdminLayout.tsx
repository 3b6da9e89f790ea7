import { ERRORS } from '@wms/contract/messages';
import { Suspense } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { RedirectWithMessage } from '../../components/RedirectWithMessage';
import { loginPathFor } from '../../lib/navigation';
import { useSession } from '../../lib/session/use-session';
import { AdminLayout } from '../layouts/lazy-admin-layout';
import { ShellPlaceholder } from '../layouts/ShellPlaceholder';
import { AccountSelectionRedirect } from './AccountSelectionRedirect';
import { decideGuard, type GuardRoute } from './decide-guard';
import { toGuardSession } from './to-guard-session';

/**
 * The guard runs above the layout, not inside each page: the layout's own effects (loading the selectors,
 * auto-selecting) must not start for a session that is about to be redirected.
 */
export function GuardedAdminLayout() {
  const session = useSession();
  const matches = useMatches();
  const location = useLocation();
  const route = (matches.at(-1)?.handle ?? {}) as GuardRoute;

  switch (decideGuard(toGuardSession(session), route)) {
    case 'login':
      // The page asked for comes back after sign-in.
      return <Navigate to={loginPathFor(location)} replace />;
    case 'change-password':
      // The Security tab explains why the user is there.
      return <Navigate to="/setting?tab=security" replace />;
    case 'select-account':
      return <AccountSelectionRedirect />;
    case 'forbidden':
      return <RedirectWithMessage to="/dashboard" message={ERRORS.forbiddenPage} />;
    case 'ok':
      return (
        <Suspense fallback={<ShellPlaceholder />}>
          <AdminLayout />
        </Suspense>
      );
  }
}
