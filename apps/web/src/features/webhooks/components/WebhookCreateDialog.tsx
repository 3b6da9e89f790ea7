import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type WebhookEventType,
} from '@wms/contract/webhooks';
import { useState } from 'react';
import { HttpError } from '../../../lib/api/api-error';
import { selectableAccountsQuery } from '../../../lib/context/context-queries';
import { useCreateWebhook } from '../api';

interface Props {
  open: boolean;
  /** Admins may subscribe every account at once. */
  canChooseAll: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}

const ALL = 'all';

/** Subscribe a URL to events for one account (or every account); the secret comes back once, to the caller. */
export function WebhookCreateDialog({ open, canChooseAll, onClose, onCreated }: Props) {
  const accounts = useQuery({ ...selectableAccountsQuery(), enabled: open });
  const createWebhook = useCreateWebhook();
  const [account, setAccount] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.created', 'order.shipped']);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEventType) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));

  async function submit() {
    const local: Record<string, string[]> = {};
    if (!account) local.account_id = [WEBHOOK_MESSAGES.accountRequired];
    if (!url.trim()) local.url = [WEBHOOK_MESSAGES.urlRequired];
    if (events.length === 0) local.events = [WEBHOOK_MESSAGES.eventsRequired];
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const created = await createWebhook.mutateAsync({
        account_id: account === ALL ? null : Number(account),
        url: url.trim(),
        events,
      });
      setUrl('');
      onCreated(created.secret);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) setErrors(error.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: string) => errors[field]?.join(', ');
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add webhook</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <FormControl fullWidth error={Boolean(fieldError('account_id'))}>
          <InputLabel id="webhook-account-label">Account</InputLabel>
          <Select
            labelId="webhook-account-label"
            label="Account"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          >
            {canChooseAll && <MenuItem value={ALL}>All accounts</MenuItem>}
            {(accounts.data ?? []).map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {a.name}
              </MenuItem>
            ))}
          </Select>
          {fieldError('account_id') && <FormHelperText>{fieldError('account_id')}</FormHelperText>}
        </FormControl>
        <TextField
          label="Endpoint URL"
          placeholder="https://shop.example.com/wms-events"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={Boolean(fieldError('url'))}
          helperText={fieldError('url') ?? 'Events are POSTed here, signed (Standard Webhooks).'}
          fullWidth
        />
        <FormControl error={Boolean(fieldError('events'))} component="fieldset">
          <FormLabel component="legend">Events</FormLabel>
          <FormGroup>
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <FormControlLabel
                key={event}
                control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
                label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`}
              />
            ))}
          </FormGroup>
          {fieldError('events') && <FormHelperText>{fieldError('events')}</FormHelperText>}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The signing secret, shown once after creation. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Signing secret</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">Copy it now: it is shown only this once.</Alert>
        <TextField
          label="Secret"
          value={secret ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => secret && void navigator.clipboard?.writeText(secret)}>Copy</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
