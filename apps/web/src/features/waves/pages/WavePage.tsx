import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ORDER_PRIORITY_LABELS, PICKING_MODE_LABELS, type WaveDetail, type WaveOrder } from '@wms/contract/waves';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { downloadPickList, useCancelWave, useRemoveWaveOrder, waveQuery } from '../api';
import { WaveOrdersTable } from '../components/WaveOrdersTable';
import { WaveProgress } from '../components/WaveProgress';
import { WaveStatusChip } from '../components/WaveStatusChip';
import { WaveTasksTable } from '../components/WaveTasksTable';
import { distanceLabel } from '../wave-format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

function WaveFacts({ wave }: { wave: WaveDetail }) {
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Fact label="Mode">{PICKING_MODE_LABELS[wave.mode]}</Fact>
      <Fact label="Priority">{ORDER_PRIORITY_LABELS[wave.priority]}</Fact>
      <Fact label="Picker">{wave.assignee?.name ?? 'Nobody yet'}</Fact>
      <Fact label="Orders">{wave.order_count}</Fact>
      <Fact label="Lines">{wave.line_count}</Fact>
      <Fact label="Units picked">
        {wave.units_picked} / {wave.unit_count}
      </Fact>
      <Fact label="Locations">{wave.location_count}</Fact>
      <Fact label="Walking distance">{distanceLabel(wave.estimated_distance_m)}</Fact>
      <Fact label="Progress">
        <WaveProgress done={wave.tasks_done} total={wave.tasks_total} label={wave.number} />
      </Fact>
    </Stack>
  );
}

/** One wave: its figures, tasks in walk order with the why of each, its orders, the pick list and cancel. */
export function WavePage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const wave = useQuery(waveQuery(id));
  const cancel = useCancelWave(id);
  const remove = useRemoveWaveOrder(id);
  const [removing, setRemoving] = useState<WaveOrder | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (wave.isPending) return <LoadingState />;
  if (wave.isError) return <ErrorState message="Failed to load the wave" onRetry={() => void wave.refetch()} />;
  const data = wave.data;
  const live = data.status === 'open' || data.status === 'picking';
  const cluster = data.mode === 'cluster';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPickList(data);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title={data.number}
        subtitle={`${data.warehouse.name} · released ${new Date(data.created_at).toLocaleString()}${data.created_by ? ` by ${data.created_by.name}` : ''}`}
        actions={
          <>
            <WaveStatusChip status={data.status} />
            <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={download} disabled={downloading}>
              {downloading ? 'Preparing…' : 'Pick list PDF'}
            </Button>
            {live && hasPermission(user, 'release waves') && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                Cancel wave
              </Button>
            )}
          </>
        }
      />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <WaveFacts wave={data} />
          </CardContent>
        </Card>
        {data.put_backs_open > 0 && (
          <Alert severity="info" role="status">
            {data.put_backs_open === 1 ? '1 put-back task waits' : `${data.put_backs_open} put-back tasks wait`}: units
            on a cart go back to their bins. Pickers get them from "Get work" on the handheld.
          </Alert>
        )}
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Tasks in walk order ({data.tasks.length})
            </Typography>
            <WaveTasksTable tasks={data.tasks} showTotes={cluster} />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Orders ({data.orders.length})
            </Typography>
            <WaveOrdersTable
              orders={data.orders}
              showTotes={cluster}
              onRemove={live && hasPermission(user, 'release waves') ? setRemoving : undefined}
            />
          </CardContent>
        </Card>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.order_number ?? ''} from ${data.number}?`}
        text="Its allocated units are released and units already picked for it get put-back tasks. The order stays open and can be released again."
        confirmLabel="Remove from wave"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.order_id, { onSettled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={confirming}
        title={`Cancel ${data.number}?`}
        text="Its allocations are released and its orders go back to the pool. Units already picked get put-back tasks to their locations."
        confirmLabel="Cancel wave"
        cancelLabel="Keep the wave"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
