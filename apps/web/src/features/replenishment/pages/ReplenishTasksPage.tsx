import { Alert, Box, Button, Card, CardContent, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReplenishmentTask } from '@wms/contract/replenishment';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { useOnline } from '../../../lib/offline/use-online';
import { useSession } from '../../../lib/session/use-session';
import { handheldTasksQuery, useCompleteTask, useShortTask, useStartTask } from '../api';
import { ReplenishTaskFlow } from '../components/ReplenishTaskFlow';
import { UrgentChip } from '../components/UrgentChip';
import { REPLENISH_OFFLINE_MESSAGES } from '../offline-tasks';

/**
 * Replenishment on a handheld: my tasks in progress, then the open ones as the server orders them (urgent first,
 * then the source's walk order). Start claims a task (another worker's claim answers 409 in place); the scans
 * follow in ReplenishTaskFlow; "Source short" takes the server's short path (the source goes to hospital).
 * Offline (docs/floor-offline.md) the list is the copy kept on the device: the tasks the worker took can be done
 * (scans checked against the copy, the completion or short queued and shown done at once); taking a new one waits
 * for the network.
 */
export function ReplenishTasksPage() {
  const { user } = useSession();
  const { warehouse } = useWorkingContext();
  const warehouseId = warehouse?.id ?? 0;
  const online = useOnline();
  const tasks = useQuery({ ...handheldTasksQuery(warehouseId), enabled: warehouseId > 0 });
  const start = useStartTask();
  const complete = useCompleteTask();
  const short = useShortTask();
  const [current, setCurrent] = useState<ReplenishmentTask | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [askShort, setAskShort] = useState(false);

  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Replenish" />
        <Alert severity="info">Choose a warehouse in the header.</Alert>
      </Box>
    );
  }

  const mine = (tasks.data?.inProgress ?? []).filter((task) => task.assignee?.id === user?.id);
  const waiting = tasks.data?.open ?? [];

  const begin = async (task: ReplenishmentTask) => {
    setProblem(null);
    setDone(null);
    if (task.status === 'in_progress') return setCurrent(task);
    try {
      const answer = await start.mutateAsync(task.id);
      setCurrent(answer.data);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The task could not be started.'));
    }
  };

  const finish = async (input: { quantity: number; lot?: string }) => {
    if (!current) return;
    setProblem(null);
    try {
      const answer = await complete.mutateAsync({ task: current, ...input });
      setDone(answer.message ?? 'Task done.');
      setCurrent(null);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The task could not be completed.'));
    }
  };

  const reportShort = async () => {
    if (!current) return;
    setAskShort(false);
    setProblem(null);
    try {
      const answer = await short.mutateAsync({ task: current });
      setDone(answer.message ?? 'Source reported short.');
      setCurrent(null);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The short could not be reported.'));
    }
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title="Replenish" subtitle={`My tasks · ${warehouse.name}`} />
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {current ? (
        <Card>
          <CardContent>
            <ReplenishTaskFlow
              key={current.id}
              task={current}
              busy={complete.isPending || short.isPending}
              problem={problem}
              onComplete={(input) => void finish(input)}
              onShort={() => setAskShort(true)}
              onLeave={() => {
                setProblem(null);
                setCurrent(null);
              }}
            />
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={2}>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {tasks.isPending && <LoadingState label="Loading tasks…" />}
          {tasks.isError &&
            (online ? (
              <ErrorState message="Failed to load tasks" onRetry={() => void tasks.refetch()} />
            ) : (
              <Alert severity="info">{REPLENISH_OFFLINE_MESSAGES.notKept}</Alert>
            ))}
          {tasks.isSuccess && mine.length + waiting.length === 0 && (
            <Alert severity="info">No replenishment tasks waiting.</Alert>
          )}
          {tasks.isSuccess && !online && waiting.length > 0 && (
            <Alert severity="info" data-testid="replenish-offline-note">
              {REPLENISH_OFFLINE_MESSAGES.takingNeedsNetwork}
            </Alert>
          )}
          {tasks.isSuccess && online && mine.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="replenish-offline-ready">
              {REPLENISH_OFFLINE_MESSAGES.ready(mine.length)}
            </Typography>
          )}
          <List aria-label="My replenishment tasks" disablePadding>
            {[...mine, ...waiting].map((task) => (
              <ListItem key={task.id} disableGutters>
                <Card sx={{ width: '100%' }} data-testid={`replenishment-task-${task.id}`}>
                  <CardContent>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                      <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.2rem' }}>
                        {task.source.code} → {task.target.code}
                      </Typography>
                      {task.urgent && <UrgentChip />}
                    </Stack>
                    <Typography>
                      {task.quantity} × {task.product.sku}
                      {task.lot && ` · lot ${task.lot.code}`}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {task.product.name}
                    </Typography>
                    <Button
                      variant="contained"
                      size="large"
                      fullWidth
                      sx={{ mt: 1, minHeight: 48 }}
                      disabled={start.isPending || (!online && task.status === 'open')}
                      onClick={() => void begin(task)}
                      aria-label={`${task.status === 'in_progress' ? 'Continue' : 'Start'} ${task.source.code} to ${task.target.code}`}
                    >
                      {task.status === 'in_progress' ? 'Continue' : 'Start'}
                    </Button>
                  </CardContent>
                </Card>
              </ListItem>
            ))}
          </List>
        </Stack>
      )}
      <ConfirmDialog
        open={askShort}
        title="Source short"
        text={`Report ${current?.source.code ?? ''} short? The task is cancelled and the location goes to hospital with a count.`}
        confirmLabel="Report short"
        busy={short.isPending}
        onConfirm={() => void reportShort()}
        onCancel={() => setAskShort(false)}
      />
    </Box>
  );
}
