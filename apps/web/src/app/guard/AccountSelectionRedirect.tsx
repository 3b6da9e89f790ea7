import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { selectableAccountsQuery } from '../../lib/context/contextQueries';

/**
 * Spec 1 §2.3: a client without a selected account goes to the account selection page, with the accounts
 * fetched first (so the page opens with its cards rather than a second spinner).
 */
export function AccountSelectionRedirect() {
  const accounts = useQuery(selectableAccountsQuery());
  if (accounts.isPending) return <LoadingState label="Loading your accounts…" fullScreen />;
  return <Navigate to="/select-account" replace />;
}
