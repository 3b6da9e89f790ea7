import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Wave } from '@wms/contract/waves';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { useSession } from '../../../lib/session/use-session';
import { availableWavesQuery, useGetWork } from '../api';
import { sameCode } from '../pick-checks';

/**
 * The handheld's start (390 px first): "Get work" hands me the oldest released wave nobody took (urgent first), or I
 * scan a wave's number from its pick list, or choose one from the list: mine first, then those free to take; then
 * finished waves whose picked units wait on a cart to be put back (get work hands those out when nothing is released).
 */
export function PickingStartPage() {
  const { user } = useSession();
  const { warehouse } = useWorkingContext();
  const navigate = useNavigate();
  const getWork = useGetWork();
  const [problem, setProblem] = useState<string | null>(null);
  const warehouseId = warehouse?.id ?? 0;
  const waves = useQuery({ ...availableWavesQuery(warehouseId), enabled: warehouseId > 0 });

  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Pick" />
        <Alert severity="info">Choose your warehouse in the header to pick there.</Alert>
      </Box>
    );
  }

  const mine = (waves.data ?? []).filter((wave) => wave.assignee?.id === user?.id);
  const free = (waves.data ?? []).filter((wave) => wave.assignee === null && wave.status === 'open');
  // Finished waves whose picked units still wait on a cart to go back (any picker may put them back).
  const putBacks = (waves.data ?? []).filter(
    (wave) => (wave.status === 'cancelled' || wave.status === 'picked') && wave.put_backs_open > 0,
  );

  /**
   * A wave number from a pick list's barcode: only waves still to pick in this warehouse. A number the list held
   * does not have is looked up again first, when online: the list may still be loading, or the wave was released
   * since.
   */
  const scanWave = async (code: string): Promise<ScanOutcome> => {
    const find = (list: readonly Wave[] | undefined) => list?.find((candidate) => sameCode(candidate.number, code));
    const wave = find(waves.data) ?? (navigator.onLine ? find((await waves.refetch()).data) : undefined);
    if (!wave) return { status: 'not-found', message: `No wave ${code} to pick in ${warehouse.name}.` };
    if (wave.assignee && wave.assignee.id !== user?.id && (wave.status === 'open' || wave.status === 'picking'))
      return { status: 'warning', message: `${wave.number} is being picked by ${wave.assignee.name}.` };
    navigate(`/picking/${wave.id}`);
    return { status: 'success', message: wave.number };
  };

  const takeNext = () => {
    setProblem(null);
    getWork.mutate(warehouseId, {
      onSuccess: (answer) => navigate(`/picking/${answer.data.id}`),
      onError: (failure) => setProblem(failureMessage(failure, 'No work could be assigned')),
    });
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title="Pick" subtitle={warehouse.name} />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Button
                variant="contained"
                size="large"
                onClick={takeNext}
                disabled={getWork.isPending}
                sx={{ minHeight: 64, fontSize: '1.2rem' }}
              >
                {getWork.isPending ? 'Finding work…' : 'Get work'}
              </Button>
              {problem && (
                <Alert severity="info" role="alert">
                  {problem}
                </Alert>
              )}
              <ScanField
                label="Wave number"
                emptyMessage="Scan the wave barcode of a pick list"
                onScan={scanWave}
                autoFocus={false}
              />
            </Stack>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              Waves to pick
            </Typography>
            {waves.isPending && <LoadingState label="Loading waves…" />}
            {waves.isError && <ErrorState message="Failed to load waves" onRetry={() => void waves.refetch()} />}
            {waves.data && mine.length + free.length === 0 && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                No released wave is waiting.
              </Typography>
            )}
            <WaveLinks label="Waves to pick" waves={[...mine, ...free]} mineId={user?.id} />
          </CardContent>
        </Card>
        {putBacks.length > 0 && (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                Units to put back
              </Typography>
              <WaveLinks label="Waves with units to put back" waves={putBacks} mineId={user?.id} />
            </CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}

/** Waves as large links to their handheld screen: picking progress, or the put-backs still waiting. */
function WaveLinks({ label, waves, mineId }: { label: string; waves: readonly Wave[]; mineId: number | undefined }) {
  return (
    <List aria-label={label}>
      {waves.map((wave) => (
        // li > a: a list holds list items only (axe 'list').
        <ListItem key={wave.id} disablePadding divider>
          <ListItemButton component={RouterLink} to={`/picking/${wave.id}`} sx={{ minHeight: 64 }}>
            <ListItemText
              primary={`${wave.number}${wave.priority === 'urgent' ? ' · urgent' : ''}`}
              secondary={
                wave.status === 'cancelled' || wave.status === 'picked'
                  ? `${wave.status} · ${wave.put_backs_open} put-back${wave.put_backs_open === 1 ? '' : 's'} waiting`
                  : `${wave.assignee?.id === mineId ? 'Yours · ' : ''}${wave.mode} · ${wave.order_count} orders · ${wave.tasks_done} / ${wave.tasks_total} tasks`
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
