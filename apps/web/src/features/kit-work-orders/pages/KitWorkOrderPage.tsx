import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
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
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { kitWorkOrderQuery, useFinishKitWorkOrder } from '../api';
import { WorkOrderStatusChip } from '../components/WorkOrderStatusChip';

/** One kit work order: what it builds, its components, the pick list, and Complete / Cancel while open. */
export function KitWorkOrderPage() {
  const id = Number(useParams().id);
  const order = useQuery(kitWorkOrderQuery(id));
  const finish = useFinishKitWorkOrder();
  if (order.isPending) return <LoadingState label="Loading the work order…" />;
  if (order.isError) return <ErrorState message="Failed to load the work order" onRetry={() => void order.refetch()} />;
  const o = order.data;
  const act = (action: 'complete' | 'cancel') =>
    finish.mutate({ id, action }, { onSuccess: (answer) => answer.message && notifySuccess(answer.message) });
  const verb = o.kind === 'build' ? 'Build' : 'Take apart';

  return (
    <Box>
      <PageHeader
        title={`Work order ${o.number}`}
        subtitle={`${verb} ${o.quantity} × ${o.kit.sku} — ${o.kit.name}`}
        actions={
          o.status === 'open' && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" color="inherit" onClick={() => act('cancel')} disabled={finish.isPending}>
                Cancel work order
              </Button>
              <Button variant="contained" onClick={() => act('complete')} disabled={finish.isPending}>
                Complete
              </Button>
            </Stack>
          )
        }
      />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <WorkOrderStatusChip status={o.status} />
              <Typography variant="body2">
                {o.warehouse.name} · {o.account.name} · into {o.target_location.code}
                {o.kit_lot &&
                  ` · kit lot ${o.kit_lot.code}${o.kit_lot.expiry_date ? ` (expires ${o.kit_lot.expiry_date})` : ''}`}
              </Typography>
            </Stack>
            {o.status === 'completed' && (
              <Alert severity="success" sx={{ mt: 2 }}>
                {o.kind === 'build' ? `${o.quantity} kits built` : `${o.quantity} kits taken apart`}
                {o.completed_by ? ` by ${o.completed_by}` : ''}.
              </Alert>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              Pick list
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {o.status === 'open' ? 'Take these units to the bench:' : 'Taken:'}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label="Pick list">
                <TableHead>
                  <TableRow>
                    <TableCell>Location</TableCell>
                    <TableCell>Product</TableCell>
                    <TableCell>Lot</TableCell>
                    <TableCell align="right">Units</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {o.pick_list.map((p) => (
                    <TableRow key={`${p.location.id}-${p.product.id}-${p.lot?.id ?? 0}`}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{p.location.code}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{p.product.sku}</TableCell>
                      <TableCell>
                        {p.lot ? `${p.lot.code}${p.lot.expiry_date ? ` (${p.lot.expiry_date})` : ''}` : '—'}
                      </TableCell>
                      <TableCell align="right">{p.quantity}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Components per kit
            </Typography>
            {o.components.map((c) => (
              <Typography key={c.id} variant="body2">
                {c.per_kit} ×{' '}
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {c.sku}
                </Box>{' '}
                {c.name} ({c.quantity} in all)
              </Typography>
            ))}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
