import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { WEBHOOK_MESSAGES, type Webhook } from '@wms/contract/webhooks';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteWebhook, useSendTestEvent, useUpdateWebhook, webhooksQuery } from '../api';
import { WebhookCreateDialog, WebhookSecretDialog } from '../components/WebhookCreateDialog';

/** Settings → Webhooks: the caller's subscriptions, with test, enable/disable and delete. */
export function WebhooksPage() {
  const { user } = useSession();
  const list = useQuery(webhooksQuery());
  const sendTestEvent = useSendTestEvent();
  const updateWebhook = useUpdateWebhook();
  const deleteWebhook = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const test = async (webhook: Webhook) => {
    await sendTestEvent.mutateAsync(webhook.id);
    notifySuccess(WEBHOOK_MESSAGES.testQueued);
  };
  const toggle = async (webhook: Webhook) => {
    await updateWebhook.mutateAsync({
      id: webhook.id,
      input: {
        url: webhook.url,
        events: webhook.events as never,
        description: webhook.description,
        enabled: !webhook.enabled,
      },
    });
    notifySuccess(WEBHOOK_MESSAGES.updated);
  };

  return (
    <Box>
      <PageHeader
        title="Webhooks"
        subtitle="Send your accounts' order, shipment, inventory and inquiry events to other systems."
        actions={
          hasPermission(user, 'create webhooks') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Add webhook
            </Button>
          )
        }
      />
      <Card>
        {list.isPending && <LoadingState />}
        {list.isError && <ErrorState message="The webhooks could not be loaded." onRetry={() => list.refetch()} />}
        {list.data?.length === 0 && (
          <EmptyState title="No webhooks yet" hint="Add one to receive events as they happen." />
        )}
        {list.data && list.data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table aria-label="Webhooks">
              <TableHead>
                <TableRow>
                  <TableCell>Endpoint</TableCell>
                  <TableCell>Account</TableCell>
                  <TableCell>Events</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((webhook) => (
                  <TableRow key={webhook.id}>
                    <TableCell sx={{ maxWidth: 320, wordBreak: 'break-all' }}>
                      <Link component={RouterLink} to={`/settings/webhooks/${webhook.id}`}>
                        {webhook.url}
                      </Link>
                    </TableCell>
                    <TableCell>{webhook.account_name ?? 'All accounts'}</TableCell>
                    <TableCell>{webhook.events.join(', ')}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={webhook.enabled ? 'success' : 'default'}
                        label={webhook.enabled ? 'Enabled' : 'Disabled'}
                        title={webhook.disabled_reason ?? undefined}
                      />
                      {/* Why it stopped (a day of failures, or its creator's access ended), in view. */}
                      {!webhook.enabled && webhook.disabled_reason && (
                        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                          {webhook.disabled_reason}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        {hasPermission(user, 'edit webhooks') && (
                          <>
                            <Button size="small" onClick={() => test(webhook)} disabled={!webhook.enabled}>
                              Send test
                            </Button>
                            <Button size="small" onClick={() => toggle(webhook)}>
                              {webhook.enabled ? 'Disable' : 'Enable'}
                            </Button>
                          </>
                        )}
                        {hasPermission(user, 'delete webhooks') && (
                          <Button size="small" color="error" onClick={() => setDeleting(webhook)}>
                            Delete
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <WebhookCreateDialog
        open={creating}
        canChooseAll={userAllows(user, 'seeEverything')}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
          notifySuccess(WEBHOOK_MESSAGES.created);
        }}
      />
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Deletion"
        text={`Delete the webhook to ${deleting?.url ?? ''} and its delivery log?`}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteWebhook.mutateAsync(deleting.id);
          setDeleting(null);
          notifySuccess(WEBHOOK_MESSAGES.deleted);
        }}
      />
    </Box>
  );
}
