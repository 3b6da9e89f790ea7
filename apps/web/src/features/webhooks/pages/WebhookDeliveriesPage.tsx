import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { deliveryLogQuery, useRedeliver, useSendTestEvent, webhookQuery } from '../api';

const STATUS_COLOR = { succeeded: 'success', failed: 'error', pending: 'warning' } as const;

/** One subscription's delivery log: every attempt (time, event, status code, duration, attempt), redeliver one. */
export function WebhookDeliveriesPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const sendTestEvent = useSendTestEvent();
  const redeliver = useRedeliver(id);
  const [page, setPage] = useState(1);
  const webhook = useQuery(webhookQuery(id));
  const log = useQuery(deliveryLogQuery(id, page));
  const canEdit = hasPermission(user, 'edit webhooks');

  return (
    <Box>
      <PageHeader
        title="Webhook deliveries"
        subtitle={webhook.data?.url}
        actions={
          canEdit && (
            <Button
              variant="contained"
              disabled={!webhook.data?.enabled}
              onClick={async () => {
                await sendTestEvent.mutateAsync(id);
                notifySuccess(WEBHOOK_MESSAGES.testQueued);
              }}
            >
              Send test event
            </Button>
          )
        }
      />
      {webhook.data && !webhook.data.enabled && webhook.data.disabled_reason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {webhook.data.disabled_reason}
        </Alert>
      )}
      <Card>
        {log.isPending && <LoadingState />}
        {log.isError && <ErrorState message="The delivery log could not be loaded." onRetry={() => log.refetch()} />}
        {log.data?.data.length === 0 && (
          <EmptyState title="No deliveries yet" hint="Events appear here as they are delivered." />
        )}
        {log.data && log.data.data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table aria-label="Delivery log">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Status code</TableCell>
                  <TableCell>Duration</TableCell>
                  <TableCell>Attempt</TableCell>
                  <TableCell>Delivery</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{new Date(row.time).toLocaleString()}</TableCell>
                    <TableCell>{row.event_type}</TableCell>
                    <TableCell title={row.error ?? row.response_body ?? undefined}>
                      {row.status_code ?? row.error ?? '—'}
                    </TableCell>
                    <TableCell>{row.duration_ms} ms</TableCell>
                    <TableCell>{row.attempt}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOR[row.delivery_status]} label={row.delivery_status} />
                    </TableCell>
                    <TableCell align="right">
                      {canEdit && (
                        <Button
                          size="small"
                          onClick={async () => {
                            await redeliver.mutateAsync(row.delivery_id);
                            notifySuccess(WEBHOOK_MESSAGES.redeliveryQueued);
                          }}
                        >
                          Redeliver
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {log.data && log.data.meta.last_page > 1 && (
          <Pagination
            sx={{ p: 2 }}
            page={page}
            count={log.data.meta.last_page}
            onChange={(_e, next) => setPage(next)}
          />
        )}
      </Card>
    </Box>
  );
}
