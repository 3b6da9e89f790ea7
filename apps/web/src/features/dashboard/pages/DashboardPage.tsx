import { Grid } from '@mui/material';
import { ROLE_LABELS } from '@wms/contract/access';
import { PageHeader } from '../../../components/PageHeader';
import { isClientUser } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/useSession';
import { ProfileCard } from '../components/ProfileCard';
import { WorkingContextCard } from '../components/WorkingContextCard';

/**
 * The platform issue's dashboard: who is signed in and in which context. The figures of spec 1 §2.5 (orders,
 * inventory, activity) come with the areas that own that data.
 */
export function DashboardPage() {
  const { user, selectedWarehouse, selectedAccount } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader title={`Welcome back, ${user.name}`} subtitle={`Signed in as ${ROLE_LABELS[user.role]}`} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WorkingContextCard
            warehouse={selectedWarehouse}
            account={selectedAccount}
            showAccount={isClientUser(user)}
          />
        </Grid>
      </Grid>
    </>
  );
}
