import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SHIPMENT_MESSAGES, type Shipment } from '@wms/contract/shipments';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { Token } from '../../../components/Token';
import { failureMessage } from '../../../lib/api/failure-message';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { SAVED_OFFLINE } from '../../../lib/offline/floor-queue';
import { useFloorQueueState } from '../../../lib/offline/use-floor-queue';
import { heldLocationsQuery } from '../../../lib/offline/warehouse-locations-snapshot';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import {
  putawaySuggestionsQueryOptions,
  shipmentQueryOptions,
  useDeleteShipment,
  useRejectShipment,
  useVerifyShipment,
} from '../api';
import { PutawayVerifyDialog } from '../components/PutawayVerifyDialog';
import { RejectDialog } from '../components/ReviewDialogs';
import { ShipmentLinesCard } from '../components/ShipmentLinesCard';
import { ShipmentStatusChip } from '../components/ShipmentStatusChip';
import { ShipmentTimeline } from '../components/ShipmentTimeline';
import { shipmentKeys } from '../query-keys';

type Action = 'verify' | 'reject' | 'delete' | null;

/** Spec 2 §2: product, shipping and notes cards, a timeline, and the actions the caller may take. */
export function ShipmentDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...shipmentQueryOptions(id), enabled: valid });
  useFailureNotice(query.error, SHIPMENT_MESSAGES.loadOneFailed);
  if (!valid || query.isError) return <Navigate to="/shipments" replace />;
  // The heading needs only the number in the address: it shows while the shipment loads (on a handheld at the dock,
  // the screen is recognisable before its data has arrived).
  if (!query.data) {
    return (
      <>
        <PageHeader title={`Shipment #${id}`} />
        <LoadingState />
      </>
    );
  }
  return <ShipmentDetail shipment={query.data.data} timeline={query.data.timeline} />;
}

function ShipmentDetail({
  shipment,
  timeline,
}: {
  shipment: Shipment;
  timeline: Parameters<typeof ShipmentTimeline>[0]['items'];
}) {
  const navigate = useNavigate();
  const verifyShipment = useVerifyShipment();
  const rejectShipment = useRejectShipment();
  const deleteShipment = useDeleteShipment();
  const [open, setOpen] = useState<Action>(null);
  const [busy, setBusy] = useState(false);
  const [savedOffline, setSavedOffline] = useState<string | null>(null);
  // The note stays while something waits to sync; once the queue is through, the top bar tells how it went.
  const waiting = useFloorQueueState().waiting;
  // When the queue is through, the shipment is read again: a putaway refused on replay (nothing applied, so the
  // queue refreshed no screen) must not go on showing as put away.
  const queryClient = useQueryClient();
  const waitedBefore = useRef(waiting);
  useEffect(() => {
    if (waitedBefore.current > 0 && waiting === 0) {
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.detail(shipment.id) });
    }
    waitedBefore.current = waiting;
  }, [waiting, queryClient, shipment.id]);
  // Putaway works in a dead spot at the dock: while the page is open online, what the dialog needs is kept on the
  // device (the shipment itself, its suggested locations, the warehouse's locations).
  const reviewable = shipment.can_review && shipment.status === 'pending';
  useQuery({ ...putawaySuggestionsQueryOptions(shipment.id), enabled: reviewable });
  useQuery({ ...heldLocationsQuery(shipment.warehouse_id), enabled: reviewable });

  const run = async (action: () => Promise<unknown>, fallback: string, after: () => void) => {
    setBusy(true);
    try {
      // The write's hook refreshes the shipments (or, refused, this one).
      await action();
      after();
      setOpen(null);
    } catch (error) {
      const message = failureMessage(error, fallback);
      if (message) notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`Shipment #${shipment.id}`}
        subtitle={<ShipmentStatusChip status={shipment.status} />}
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={() => navigate('/shipments')}>
              Back
            </Button>
            {shipment.can_review && (
              <>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<TaskAltIcon />}
                  onClick={() => setOpen('verify')}
                >
                  Verify
                </Button>
                <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setOpen('reject')}>
                  Reject
                </Button>
              </>
            )}
            {shipment.can_edit && (
              <Button
                variant="outlined"
                startIcon={<EditOutlinedIcon />}
                component={RouterLink}
                to={`/shipments/${shipment.id}/edit`}
              >
                Edit
              </Button>
            )}
            {shipment.can_delete && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setOpen('delete')}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      {savedOffline && waiting > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {savedOffline}
        </Alert>
      )}
      {shipment.status === 'rejected' && shipment.rejection_reason && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <strong>Rejected:</strong> {shipment.rejection_reason}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <InfoCard
            title={shipment.lines.length > 1 ? 'Products' : 'Product'}
            rows={[
              // Every line's product, not the first one alone.
              ...shipment.lines.map((line, index): [string, ReactNode] => [
                shipment.lines.length > 1 ? `Product ${index + 1}` : 'Name',
                shipment.lines.length > 1 ? (
                  <>
                    {line.product.name} · <Token>{line.product.sku}</Token>
                  </>
                ) : (
                  line.product.name
                ),
              ]),
              ...(shipment.lines.length > 1
                ? []
                : ([['SKU', <Token key="sku">{shipment.product.sku}</Token>]] as [string, ReactNode][])),
              ['Account', shipment.account.name],
              ['Warehouse', `${shipment.warehouse.name} (${shipment.warehouse.code})`],
            ]}
          />
          <ShipmentLinesCard shipment={shipment} />
          <InfoCard
            title="Shipping"
            rows={[
              ['Quantity', shipment.quantity.toLocaleString()],
              ...(shipment.status === 'verified' && shipment.quantity_received !== null
                ? ([['Received', shipment.quantity_received.toLocaleString()]] as [string, ReactNode][])
                : []),
              ['Carrier', shipment.carrier ?? '—'],
              ['Tracking Number', shipment.tracking_number ?? '—'],
              ['Expected Delivery', formatDate(shipment.delivery_date)],
              [
                'Announced',
                `${formatDateTime(shipment.created_at)}${shipment.user ? ` by ${shipment.user.name}` : ''}`,
              ],
              ...(shipment.verified_at
                ? ([
                    [
                      shipment.status === 'rejected' ? 'Rejected' : 'Verified',
                      `${formatDateTime(shipment.verified_at)}${shipment.verifier ? ` by ${shipment.verifier.name}` : ''}`,
                    ],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
          <InfoCard
            title="Notes"
            rows={[
              ['Notes', shipment.notes ?? '—'],
              ...(shipment.verification_notes
                ? ([['Verification notes', shipment.verification_notes]] as [string, ReactNode][])
                : []),
              ...(shipment.rejection_reason
                ? ([['Rejection reason', shipment.rejection_reason]] as [string, ReactNode][])
                : []),
            ]}
          />
        </Stack>
        <Card>
          <CardHeader title="Timeline" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <ShipmentTimeline items={timeline} />
          </CardContent>
        </Card>
      </Box>

      <PutawayVerifyDialog
        shipment={shipment}
        open={open === 'verify'}
        onCancel={() => setOpen(null)}
        onVerify={async (payload, codes) => {
          // Errors go back to the dialog (field messages of a 422, a notice otherwise).
          const { queuedKey } = await verifyShipment.mutateAsync({ shipment, payload, codes });
          if (queuedKey) setSavedOffline(`Put away on this device. ${SAVED_OFFLINE}`);
          else notifySuccess(SHIPMENT_MESSAGES.verified);
          setOpen(null);
        }}
      />
      <RejectDialog
        open={open === 'reject'}
        busy={busy}
        onCancel={() => setOpen(null)}
        onConfirm={(reason) =>
          run(
            () => rejectShipment.mutateAsync({ id: shipment.id, reason }),
            SHIPMENT_MESSAGES.rejectFailed,
            () => notifyWarning(SHIPMENT_MESSAGES.rejected),
          )
        }
      />
      <ConfirmDialog
        open={open === 'delete'}
        title="Confirm Delete"
        text={`Are you sure you want to delete shipment #${shipment.id}? Stock already received stays in inventory.`}
        busy={busy}
        onCancel={() => setOpen(null)}
        onConfirm={() =>
          run(
            () => deleteShipment.mutateAsync({ id: shipment.id }),
            SHIPMENT_MESSAGES.deleteFailed,
            () => {
              notifySuccess(SHIPMENT_MESSAGES.deleted);
              navigate('/shipments');
            },
          )
        }
      />
    </>
  );
}

function InfoCard({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', gap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
