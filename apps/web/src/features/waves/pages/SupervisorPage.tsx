import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { WaveDetail } from '@wms/contract/waves';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { hospitalQuery, liveWavesQuery, waveQuery } from '../api';
import { HospitalTable } from '../components/HospitalTable';
import { PickerProgressTable } from '../components/PickerProgressTable';
import { ShortPicksTable } from '../components/ShortPicksTable';

/**
 * The picking supervisor's view of the header's warehouse: progress per picker, short picks and the hospital list.
 * It follows the floor live: picks, short picks and hospital changes arrive over the event stream (lib/live), which
 * refetches these queries.
 */
export function SupervisorPage() {
  const { user } = useSession();
  const { warehouse } = useWorkingContext();
  const warehouseId = warehouse?.id ?? 0;
  const waves = useQuery({ ...liveWavesQuery(warehouseId), enabled: warehouseId > 0 });
  const details = useQueries({ queries: (waves.data ?? []).map((wave) => waveQuery(wave.id)) });
  const hospital = useQuery({ ...hospitalQuery(warehouseId), enabled: warehouseId > 0 });

  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Picking Supervisor" />
        <Alert severity="info">Choose a warehouse in the header.</Alert>
      </Box>
    );
  }
  const loaded = details.map((detail) => detail.data).filter((data): data is WaveDetail => data !== undefined);

  return (
    <Box>
      <PageHeader title="Picking Supervisor" subtitle={warehouse.name} />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Pickers
            </Typography>
            {waves.isPending && <LoadingState label="Loading waves…" />}
            {waves.isError && <ErrorState message="Failed to load waves" onRetry={() => void waves.refetch()} />}
            {waves.data && <PickerProgressTable waves={waves.data} />}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Short picks
            </Typography>
            <ShortPicksTable waves={loaded} />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Hospital locations
            </Typography>
            {hospital.isPending && <LoadingState label="Loading hospital locations…" />}
            {hospital.isError && (
              <ErrorState message="Failed to load hospital locations" onRetry={() => void hospital.refetch()} />
            )}
            {hospital.data && (
              <HospitalTable
                warehouseId={warehouse.id}
                entries={hospital.data}
                canClear={hasPermission(user, 'release waves')}
              />
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
