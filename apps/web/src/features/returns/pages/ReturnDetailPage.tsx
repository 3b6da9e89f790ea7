import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
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
import { RETURN_MESSAGES, RETURN_REASON_LABELS, type Return, type ReturnLine } from '@wms/contract/returns';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { downloadFile } from '../../../lib/api/download';
import { failureMessage } from '../../../lib/api/failure-message';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { returnQuery, useCancelReturn, useMarkInTransit, useUploadReturnLabel } from '../api';
import { AttachOrderCard } from '../components/AttachOrderCard';
import { ReleaseDialog } from '../components/ReleaseDialog';
import { ReturnStatusChip } from '../components/ReturnStatusChip';
import { DISPOSITION_LABELS } from '../dispositions';

const reasonText = (line: ReturnLine) =>
  line.reason === 'other' && line.reason_text ? line.reason_text : RETURN_REASON_LABELS[line.reason];

const receivedText = (line: ReturnLine) =>
  line.received
    ? line.receipts
        .map(
          (r) =>
            `${r.quantity} ${DISPOSITION_LABELS[r.disposition].toLowerCase()}${r.location ? ` (${r.location.code})` : ''}${r.lot ? ` lot ${r.lot.code}` : ''}`,
        )
        .join(', ')
    : 'Not received yet';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** /returns/{id}: header, lines (announced, received per disposition, discrepancy), release, timeline. */
export function ReturnDetailPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const ret = useQuery({ ...returnQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const cancel = useCancelReturn();
  const inTransit = useMarkInTransit();
  const uploadLabel = useUploadReturnLabel();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [releasing, setReleasing] = useState<ReturnLine | null>(null);

  if (ret.isError) return <ErrorState message="Failed to load return" onRetry={() => void ret.refetch()} />;
  if (!ret.data) return <LoadingState label="Loading return…" />;
  const data: Return = ret.data;
  const canCreate = hasPermission(user, 'create returns');
  const canReceive = hasPermission(user, 'receive returns');
  const discrepancy = data.lines.reduce((sum, line) => sum + line.discrepancy, 0);

  return (
    <>
      <PageHeader
        title={`Return ${data.rma_number}`}
        subtitle={
          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ReturnStatusChip status={data.status} />
            <span>{data.account.name}</span>
          </Stack>
        }
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} component={RouterLink} to="/returns" color="inherit">
              Back
            </Button>
            {canCreate && data.status === 'announced' && (
              <Button variant="outlined" onClick={() => void inTransit.mutateAsync(data.id)}>
                Mark in transit
              </Button>
            )}
            {canCreate && data.status === 'announced' && (
              <Button variant="outlined" color="error" onClick={() => setConfirmCancel(true)}>
                Cancel return
              </Button>
            )}
          </>
        }
      />
      {data.status !== 'announced' &&
        data.status !== 'in_transit' &&
        data.status !== 'cancelled' &&
        discrepancy !== 0 && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            Discrepancy: {Math.abs(discrepancy)} unit{Math.abs(discrepancy) === 1 ? '' : 's'}{' '}
            {discrepancy < 0 ? 'fewer than announced arrived' : 'more than announced'}.
          </Alert>
        )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }} sx={{ minWidth: 0 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' },
                  }}
                >
                  <Fact label="Order">
                    {data.order ? (
                      <Link component={RouterLink} to={`/orders/${data.order.id}`}>
                        {data.order.order_number}
                      </Link>
                    ) : (
                      'Unidentified'
                    )}
                  </Fact>
                  <Fact label="Warehouse">{data.warehouse.name}</Fact>
                  <Fact label="Carrier">{data.carrier ?? '—'}</Fact>
                  <Fact label="Tracking">{data.tracking_number ?? '—'}</Fact>
                  <Fact label="Announced">{formatDateTime(data.created_at)}</Fact>
                  <Fact label="Received">{data.received_at ? formatDateTime(data.received_at) : '—'}</Fact>
                  <Fact label="Units received / announced">
                    {data.units_received} / {data.units_announced}
                  </Fact>
                  <Fact label="Return label">
                    {data.label_url ? (
                      <Link
                        component="button"
                        onClick={() => void downloadFile(`/returns/${data.id}/label`, `${data.rma_number}-label.pdf`)}
                      >
                        Download label
                      </Link>
                    ) : canCreate && (data.status === 'announced' || data.status === 'in_transit') ? (
                      <Button component="label" size="small" disabled={uploadLabel.isPending} sx={{ ml: -1 }}>
                        Upload label PDF
                        <input
                          type="file"
                          accept="application/pdf,.pdf"
                          hidden
                          onChange={(event) => {
                            const file = event.target.files?.[0];
                            event.target.value = '';
                            if (!file) return;
                            uploadLabel
                              .mutateAsync({ id: data.id, file })
                              .then(() => notifySuccess(RETURN_MESSAGES.labelUploaded))
                              .catch((failure) =>
                                notifyError(failureMessage(failure, 'The label could not be uploaded.') ?? ''),
                              );
                          }}
                        />
                      </Button>
                    ) : (
                      'None'
                    )}
                  </Fact>
                </Box>
              </CardContent>
            </Card>
            {!data.order && canReceive && data.status !== 'cancelled' && <AttachOrderCard returnId={data.id} />}
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Lines
                </Typography>
                <TableContainer>
                  <Table size="small" aria-label="Return lines">
                    <TableHead>
                      <TableRow>
                        <TableCell>Product</TableCell>
                        <TableCell>Reason</TableCell>
                        <TableCell align="right">Announced</TableCell>
                        <TableCell>Received</TableCell>
                        <TableCell align="right">Discrepancy</TableCell>
                        {canReceive && <TableCell align="right">Quarantine</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.lines.map((line) => (
                        <TableRow key={line.id} data-testid={`return-line-${line.id}`}>
                          <TableCell>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {line.product.sku}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                              {line.product.name}
                            </Typography>
                          </TableCell>
                          <TableCell>{reasonText(line)}</TableCell>
                          <TableCell align="right">{line.quantity}</TableCell>
                          <TableCell>{receivedText(line)}</TableCell>
                          <TableCell align="right" data-testid="line-discrepancy">
                            {line.received ? (line.discrepancy > 0 ? `+${line.discrepancy}` : line.discrepancy) : '—'}
                          </TableCell>
                          {canReceive && (
                            <TableCell align="right">
                              {line.quarantined > 0 ? (
                                <Button size="small" variant="outlined" onClick={() => setReleasing(line)}>
                                  Release {line.quarantined}
                                </Button>
                              ) : (
                                '—'
                              )}
                            </TableCell>
                          )}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }} sx={{ minWidth: 0 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Timeline
              </Typography>
              <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Return timeline">
                {data.timeline.map((entry) => (
                  <Box component="li" key={entry.id}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {entry.title}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(entry.time)}
                      {entry.actor ? ` · ${entry.actor.name}` : ''}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel return"
        text={`Cancel ${data.rma_number}? Its units can then be announced again.`}
        confirmLabel="Cancel return"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={() => void cancel.mutateAsync(data.id).finally(() => setConfirmCancel(false))}
        onCancel={() => setConfirmCancel(false)}
      />
      {releasing && (
        <ReleaseDialog
          returnId={data.id}
          warehouseId={data.warehouse.id}
          line={releasing}
          onClose={() => setReleasing(null)}
        />
      )}
    </>
  );
}
