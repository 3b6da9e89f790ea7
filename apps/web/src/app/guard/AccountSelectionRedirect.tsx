import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { selectableAccountsQuery } from '../../lib/context/context-queries';
import { loginPathFor } from '../../lib/navigation';

/**
 * Spec 1 §2.3: a client without a selected account goes to the account selection page, with the accounts
 * fetched first (so the page opens with its cards rather than a second spinner).
 */
export function AccountSelectionRedirect() {
  const accounts = useQuery(selectableAccountsQuery());
  const location = useLocation();
  if (accounts.isPending) return <LoadingState label="Loading your accounts…" fullScreen />;
  // The page asked for comes back once an account is chosen.
  const target = loginPathFor(location).replace(/^\/login/, '/select-account');
  return <Navigate to={target} replace />;
}
