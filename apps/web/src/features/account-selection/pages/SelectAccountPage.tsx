import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/Business';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ERRORS } from '@wms/contract/messages';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { isSelectableAccount, selectableAccountsQuery } from '../../../lib/context/context-queries';
import { returnPathFrom } from '../../../lib/navigation';
import { userAllows } from '../../../lib/permissions';
import { logout } from '../../../lib/session/logout';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { AccountCard } from '../components/AccountCard';

/** Spec 1 §2.1: a client chooses the account to work in before entering the application. */
export function SelectAccountPage() {
  const { user, selectedAccount } = useSession();
  // Staff work across accounts, and a client with a selection has nothing to choose here.
  if (!userAllows(user, 'workInSelectedAccount') || selectedAccount) return <Navigate to="/dashboard" replace />;
  return <AccountChooser userName={user?.name ?? ''} />;
}

function AccountChooser({ userName }: { userName: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const accounts = useQuery(selectableAccountsQuery());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = accounts.data?.find((account) => account.id === chosenId && isSelectableAccount(account));

  const proceed = () => {
    if (!chosen) return;
    sessionStore.selectAccount(chosen);
    navigate(returnPathFrom(search), { replace: true });
  };
  const createAccount = (
    <Button variant="outlined" startIcon={<AddIcon />} onClick={() => navigate('/accounts/create')}>
      Create Account
    </Button>
  );

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 4, sm: 8 } }}>
      <Container maxWidth="md">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 4 }}>
          <BrandMark color="primary.main" />
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
            Logout
          </Button>
        </Stack>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          Welcome, {userName}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          Select the account you want to work in. Only active accounts can be chosen.
        </Typography>

        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {accounts.isPending && <LoadingState label="Loading your accounts…" />}
            {accounts.isError && <ErrorState message={ERRORS.fetchAccounts} onRetry={() => accounts.refetch()} />}
            {accounts.data?.length === 0 && (
              <EmptyState
                icon={<BusinessIcon />}
                title="Please create an account first."
                hint="Accounts group your products, orders and shipments."
                action={
                  <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/accounts/create')}>
                    Create Account
                  </Button>
                }
              />
            )}
            {accounts.data && accounts.data.length > 0 && (
              <>
                <Grid container spacing={2} role="list" aria-label="Your accounts">
                  {accounts.data.map((account) => (
                    <Grid key={account.id} size={{ xs: 12, sm: 6 }} role="listitem">
                      <AccountCard
                        account={account}
                        selectable={isSelectableAccount(account)}
                        selected={account.id === chosen?.id}
                        onSelect={() => setChosenId(account.id)}
                      />
                    </Grid>
                  ))}
                </Grid>
                <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 3 }}>
                  {createAccount}
                  <Button variant="contained" disabled={!chosen} onClick={proceed}>
                    Continue
                  </Button>
                </Stack>
              </>
            )}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
