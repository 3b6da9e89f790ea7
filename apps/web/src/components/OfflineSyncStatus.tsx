import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { HAND_OFF_MESSAGES } from '@wms/contract/floor-hand-offs';
import { useState } from 'react';
import { FLOOR_HAND_OFF_MESSAGES } from '../lib/offline/floor-hand-off-messages';
import { discardAction, handOffAction, redoAction } from '../lib/offline/floor-queue';
import { useFloorQueueState } from '../lib/offline/use-floor-queue';
import { useOnline } from '../lib/offline/use-online';

/**
 * The top bar's word on the handheld's queue: "Offline", "Waiting to sync (N)" and "Needs attention (M)". The last
 * opens the refused actions with the server's message and what the worker can do: redo it (sent again as a new
 * attempt, after fixing what the message says), hand it to the supervisor (the warehouse's managers are notified;
 * online only) or skip it (the worker tells their supervisor). Nothing shows while the queue is empty and the network
 * is there, unless a hand-off has just been confirmed.
 */
export function OfflineSyncStatus() {
  const online = useOnline();
  const { waiting, attention } = useFloorQueueState();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [handOffNote, setHandOffNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  if (online && waiting === 0 && attention.length === 0 && !open) return null;

  const act = (work: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const handOff = (seq: number) =>
    act(async () => {
      setHandOffNote(null);
      try {
        await handOffAction(seq);
        setHandOffNote({ severity: 'success', text: HAND_OFF_MESSAGES.handedOff });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        setHandOffNote({ severity: 'error', text: `${FLOOR_HAND_OFF_MESSAGES.failed} ${reason}` });
      }
    });
  const waitingLabel = `Waiting to sync (${waiting})`;
  const attentionLabel = `Needs attention (${attention.length})`;

  return (
    <>
      {!online && (
        <Tooltip title="Offline: what you do is kept on this device and sent when the network is back" describeChild>
          <CloudOffIcon titleAccess="Offline" color="action" />
        </Tooltip>
      )}
      {waiting > 0 && (
        <Tooltip title={waitingLabel}>
          <IconButton aria-label={waitingLabel} onClick={() => setOpen(true)}>
            <Badge badgeContent={waiting} color="primary" max={999}>
              <CloudSyncIcon />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      {attention.length > 0 && (
        <Tooltip title={attentionLabel}>
          <IconButton aria-label={attentionLabel} onClick={() => setOpen(true)}>
            <Badge badgeContent={attention.length} color="error">
              <ReportProblemIcon color="warning" />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setHandOffNote(null);
        }}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle>Sync</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography role="status">
              {waiting === 0
                ? 'Everything you did on this device has been sent.'
                : `${waiting} ${waiting === 1 ? 'action waits' : 'actions wait'} to be sent${online ? '' : ' when the network is back'}.`}
            </Typography>
            {handOffNote && (
              <Alert severity={handOffNote.severity} role={handOffNote.severity === 'error' ? 'alert' : 'status'}>
                {handOffNote.text}
              </Alert>
            )}
            {attention.length > 0 && (
              <>
                <Typography variant="h6" component="h2">
                  {attentionLabel}
                </Typography>
                <List aria-label="Needs attention" disablePadding>
                  {attention.map((action) => (
                    <ListItem key={action.seq} divider disableGutters sx={{ display: 'block' }}>
                      <ListItemText
                        primary={action.label}
                        secondary={`Made ${new Date(action.createdAt).toLocaleString()}`}
                      />
                      <Alert severity="error" sx={{ my: 1 }}>
                        {action.problem}
                      </Alert>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <Button variant="outlined" disabled={busy} onClick={act(() => redoAction(action.seq))}>
                          Redo
                        </Button>
                        <Button
                          variant="outlined"
                          disabled={busy || !online}
                          aria-describedby={online ? undefined : `hand-off-offline-${action.seq}`}
                          onClick={handOff(action.seq)}
                        >
                          Hand to supervisor
                        </Button>
                        <Button disabled={busy} onClick={act(() => discardAction(action.seq))}>
                          Skip (tell your supervisor)
                        </Button>
                      </Stack>
                      {!online && (
                        <Typography
                          id={`hand-off-offline-${action.seq}`}
                          variant="body2"
                          color="text.secondary"
                          sx={{ mt: 0.5 }}
                        >
                          {FLOOR_HAND_OFF_MESSAGES.needsNetwork}
                        </Typography>
                      )}
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
              setHandOffNote(null);
            }}
          >
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
