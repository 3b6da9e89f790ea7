import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CycleCount } from '@wms/contract/cycle-counts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { cycleCountQuery, useCountAction } from '../api';
import { CountingFlow } from '../components/CountingFlow';
import { CountLinesTable } from '../components/CountLinesTable';
import { CountStateChip } from '../components/CountStateChip';

type Action = 'submit' | 'approve' | 'cancel' | 'recount';

const CONFIRM: Record<Action, { title: string; text: string; label: string }> = {
  submit: {
    title: 'Finish counting?',
    text: 'Products expected but not counted count as none found. Lines with a variance then go to review.',
    label: 'Finish counting',
  },
  approve: {
    title: 'Approve this count?',
    text: 'Each line with a variance becomes a stock adjustment, and orders holding missing units become short.',
    label: 'Approve',
  },
  cancel: { title: 'Cancel this count?', text: 'Nothing counted changes the stock.', label: 'Cancel count' },
  recount: {
    title: 'Send back for a recount?',
    text: 'The ticked lines are cleared and must be counted again before the count can be approved.',
    label: 'Send back',
  },
};

/** One cycle count — counting on a phone while open, the review table with approve/recount after. */
export function CycleCountPage() {
  const id = Number(useParams().id);
  const { user: me } = useSession();
  const countAction = useCountAction();
  const count = useQuery(cycleCountQuery(id));
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [recount, setRecount] = useState<number[]>([]);

  if (count.isPending) return <LoadingState />;
  if (count.isError)
    return <ErrorState message="Failed to load the cycle count" onRetry={() => void count.refetch()} />;
  const data: CycleCount = count.data.data;
  const counting = data.state === 'open' || data.state === 'counting';
  const canCount = hasPermission(me, 'create cycle counts');
  const canApprove = hasPermission(me, 'approve cycle counts');
  const reviewing = data.state === 'review' && canApprove;

  const run = async (action: Action) => {
    setBusy(true);
    try {
      const answer = await countAction.mutateAsync({ id, action, lineIds: recount });
      notifySuccess(answer.message);
      setRecount([]);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Box>
      <PageHeader
        title={`Cycle Count #${data.id}`}
        subtitle={`${data.scope_label} · ${data.warehouse.name} · ${data.locations_count} locations`}
        actions={<CountStateChip state={data.state} />}
      />
      <Stack spacing={2}>
        {counting && canCount && <CountingFlow count={data} />}
        <Card>
          <CardContent>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
              useFlexGap
            >
              <Typography variant="h6" component="h2">
                {reviewing ? 'Review' : 'Lines'} ({data.lines_counted} / {data.lines_count} counted)
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {counting && canCount && (
                  <Button variant="contained" onClick={() => setConfirming('submit')}>
                    Finish counting
                  </Button>
                )}
                {reviewing && (
                  <>
                    <Button variant="outlined" disabled={recount.length === 0} onClick={() => setConfirming('recount')}>
                      Send back for recount
                    </Button>
                    <Button variant="contained" color="success" onClick={() => setConfirming('approve')}>
                      Approve
                    </Button>
                  </>
                )}
                {(counting || data.state === 'review') && canCount && (
                  <Button color="error" onClick={() => setConfirming('cancel')}>
                    Cancel count
                  </Button>
                )}
              </Stack>
            </Stack>
            <CountLinesTable
              count={data}
              selection={reviewing ? { selected: recount, onChange: setRecount } : undefined}
            />
          </CardContent>
        </Card>
      </Stack>
      {confirming && (
        <ConfirmDialog
          open
          title={CONFIRM[confirming].title}
          text={CONFIRM[confirming].text}
          confirmLabel={CONFIRM[confirming].label}
          destructive={confirming === 'cancel'}
          busy={busy}
          onConfirm={() => void run(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Box>
  );
}
