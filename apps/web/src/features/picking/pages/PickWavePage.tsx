import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { WaveDetail } from '@wms/contract/waves';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failure-message';
import { useSession } from '../../../lib/session/use-session';
import {
  locationLotsQuery,
  pickWaveQuery,
  useAnswerEmpty,
  useAssignWave,
  usePickTask,
  usePutBack,
  useSetTotes,
  useShortTask,
  useSkipTask,
} from '../api';
import { EmptyCheck } from '../components/EmptyCheck';
import { PickProgress } from '../components/PickProgress';
import { type ConfirmedPick, PickTaskFlow } from '../components/PickTaskFlow';
import { PutBackFlow } from '../components/PutBackFlow';
import { ShortPickForm, type ShortReason } from '../components/ShortPickForm';
import { ToteSetup } from '../components/ToteSetup';
import { substituteLots } from '../pick-checks';
import { putBackProgress, putBacksToDo, tasksToDo, toTaskView, waveProgress } from '../wave-tasks';

/** What the screen shows between tasks: the task itself, its short-pick form, or the "empty now?" question. */
type Aside = { kind: 'short' } | { kind: 'empty'; taskId: number; locationCode: string } | null;

/**
 * Picking one wave on a handheld (390 px first, one task at a time, progress always on top). Cluster mode first puts
 * one tote per order on the cart; then each task in walk order until none is left. The server is the judge of
 * every confirmation; its refusals show in place.
 */
export function PickWavePage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const wave = useQuery(pickWaveQuery(id));
  const assign = useAssignWave(id);
  const setTotes = useSetTotes(id);
  const pick = usePickTask(id);
  const short = useShortTask(id);
  const skip = useSkipTask(id);
  const answerEmpty = useAnswerEmpty(id);
  const putBack = usePutBack(id);
  const [aside, setAside] = useState<Aside>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const current = wave.data ? tasksToDo(wave.data)[0] : undefined;
  // Lots the picker might take instead of the allocated one: only asked for a task that has a lot.
  const held = useQuery({ ...locationLotsQuery(current?.location.id ?? 0), enabled: Boolean(current?.lot) });
  const busy =
    assign.isPending || setTotes.isPending || pick.isPending || short.isPending || skip.isPending || putBack.isPending;

  if (wave.isPending) return <LoadingState />;
  if (wave.isError) return <ErrorState message="Failed to load the wave" onRetry={() => void wave.refetch()} />;
  const data: WaveDetail = wave.data;
  const todo = tasksToDo(data);
  const task = todo[0];
  const cluster = data.mode === 'cluster';
  const mine = data.assignee?.id === user?.id;
  const live = data.status === 'open' || data.status === 'picking';
  // Units on a cart to go back: the work of a finished wave (any picker), or of my own once my picks are done.
  const putBackTask = putBacksToDo(data)[0];
  const puttingBack = putBackTask !== undefined && (!live || (mine && !task));
  const progress = puttingBack ? putBackProgress(data) : waveProgress(data);
  const fail = (fallback: string) => (failure: unknown) => setProblem(failureMessage(failure, fallback));
  const succeed = (message: string | null) => () => {
    setProblem(null);
    setDone(message);
  };

  const header = (
    <>
      <PageHeader title={puttingBack ? 'Put back' : 'Pick'} subtitle={`${data.number} · ${data.mode}`} />
      <PickProgress waveNumber={data.number} {...progress} />
    </>
  );

  const body = () => {
    if (puttingBack) {
      return (
        <PutBackFlow
          key={putBackTask.id}
          task={putBackTask}
          busy={busy}
          problem={problem}
          onConfirm={(target) =>
            putBack.mutate(
              {
                taskId: putBackTask.id,
                location_code: target.locationCode,
                product_code: putBackTask.product.sku,
                quantity: putBackTask.quantity,
                other_location: target.otherLocation,
              },
              {
                onSuccess: (answer) => succeed(answer.message)(),
                onError: fail('The put-back could not be confirmed'),
              },
            )
          }
        />
      );
    }
    if (data.status === 'picked' || data.status === 'cancelled' || (mine && !task)) {
      return (
        <Stack spacing={2}>
          <Alert severity={data.status === 'cancelled' ? 'warning' : 'success'} role="status">
            {data.status === 'cancelled'
              ? `${data.number} was cancelled${data.tasks.some((t) => t.kind === 'put_back') ? ': every unit is back in a bin' : ''}.`
              : `${data.number} is picked: take the cart to packing.`}
          </Alert>
          <Button component={RouterLink} to="/picking" variant="contained" size="large" sx={{ minHeight: 56 }}>
            Get more work
          </Button>
        </Stack>
      );
    }
    if (!mine) {
      if (data.assignee) return <Alert severity="warning">{data.assignee.name} is picking this wave.</Alert>;
      return (
        <Button
          variant="contained"
          size="large"
          disabled={busy}
          onClick={() =>
            assign.mutate(undefined, { onSuccess: succeed(null), onError: fail('The wave could not be taken') })
          }
          sx={{ minHeight: 64, width: '100%' }}
        >
          Take this wave
        </Button>
      );
    }
    if (cluster && data.orders.some((order) => order.state === 'in_wave' && order.tote === null)) {
      return (
        <ToteSetup
          initial={data.orders
            .filter((order) => order.state === 'in_wave')
            .map((order) => ({ orderId: order.order_id, orderLabel: order.order_number, tote: order.tote }))}
          busy={busy}
          problem={problem}
          onDone={(slots) =>
            setTotes.mutate(
              slots.map((slot) => ({ order_id: slot.orderId, tote: slot.tote ?? '' })),
              {
                onSuccess: succeed('The cart is ready: start with the first location.'),
                onError: fail('The totes could not be saved'),
              },
            )
          }
        />
      );
    }
    if (aside?.kind === 'empty') {
      return (
        <EmptyCheck
          locationCode={aside.locationCode}
          busy={answerEmpty.isPending}
          onAnswer={(empty) =>
            answerEmpty.mutate(
              { taskId: aside.taskId, empty },
              {
                onSuccess: () => {
                  setAside(null);
                  succeed(empty ? null : `${aside.locationCode} goes to hospital: a count was created.`)();
                },
                onError: fail('The answer could not be saved'),
              },
            )
          }
        />
      );
    }
    if (!task) return null;
    const view = {
      ...toTaskView(task, data),
      substituteLots: substituteLots(held.data ?? [], task.product.id, task.lot),
    };
    if (aside?.kind === 'short') {
      return (
        <ShortPickForm
          asked={view.quantity}
          locationCode={view.locationCode}
          busy={busy}
          problem={problem}
          onCancel={() => {
            setProblem(null);
            setAside(null);
          }}
          onReport={(found: number, reason: ShortReason) =>
            short.mutate(
              { taskId: task.id, quantity_found: found, reason },
              {
                onSuccess: (answer) => {
                  setAside(null);
                  succeed(answer.message ?? `Short pick at ${view.locationCode} reported.`)();
                },
                onError: fail('The short pick could not be reported'),
              },
            )
          }
        />
      );
    }
    const confirm = (confirmed: ConfirmedPick) =>
      pick.mutate(
        {
          taskId: task.id,
          location_code: view.locationCode,
          product_code: view.sku,
          lot_code: confirmed.lotCode,
          quantity: confirmed.quantity,
          ...(cluster && {
            totes: confirmed.totes.map((entry) => ({
              order_id: entry.orderId,
              tote: entry.tote,
              quantity: entry.quantity,
            })),
          }),
        },
        {
          onSuccess: (answer) => {
            succeed(`Picked ${confirmed.quantity} × ${view.sku} from ${view.locationCode}`)();
            if (answer.ask_empty) setAside({ kind: 'empty', taskId: task.id, locationCode: view.locationCode });
          },
          onError: fail('The pick could not be confirmed'),
        },
      );
    return (
      <PickTaskFlow
        key={`${task.id}-${task.quantity_picked}`}
        task={view}
        cluster={cluster}
        busy={busy}
        problem={problem}
        onConfirm={confirm}
        onShort={() => {
          setProblem(null);
          setDone(null);
          setAside({ kind: 'short' });
        }}
        onSkip={() =>
          skip.mutate(task.id, {
            onSuccess: succeed(`${view.locationCode} skipped: it comes back at the end.`),
            onError: fail('The task could not be skipped'),
          })
        }
      />
    );
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      {header}
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      <Card>
        <CardContent>{body()}</CardContent>
      </Card>
      {task && mine && todo.length > 1 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Next: {todo[1]!.location.code}
        </Typography>
      )}
    </Box>
  );
}
