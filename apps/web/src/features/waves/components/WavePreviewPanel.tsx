import {
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { UNRELEASABLE_REASON_LABELS, type WavePreview } from '@wms/contract/waves';
import { distanceLabel } from '../wave-format';

interface WavePreviewPanelProps {
  preview: WavePreview;
  /** The builder changed since this preview: release only what was previewed, so ask for a new preview. */
  stale: boolean;
  releasing: boolean;
  problem: string | null;
  onRelease: () => void;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** What releasing the builder's filters would take, and every order it cannot take with why. */
export function WavePreviewPanel({ preview, stale, releasing, problem, onRelease }: WavePreviewPanelProps) {
  const canRelease = preview.order_count > 0 && !stale && !releasing;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Preview figures">
        <Figure label="Orders" value={preview.order_count.toLocaleString()} />
        <Figure label="Lines" value={preview.line_count.toLocaleString()} />
        <Figure label="Units" value={preview.unit_count.toLocaleString()} />
        <Figure label="Locations" value={preview.location_count.toLocaleString()} />
        <Figure label="Walking distance" value={distanceLabel(preview.estimated_distance_m)} />
      </Stack>
      {stale && <Alert severity="info">The filters changed: preview again before releasing.</Alert>}
      {problem && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={!canRelease}
        onClick={onRelease}
        sx={{ alignSelf: 'flex-start' }}
      >
        {releasing
          ? 'Releasing…'
          : `Release wave of ${preview.order_count} order${preview.order_count === 1 ? '' : 's'}`}
      </Button>

      {preview.orders.length > 0 && (
        <TableContainer
          sx={{ overflowX: 'auto', maxHeight: 360 }}
          tabIndex={0}
          role="region"
          aria-label="Orders to release (scrolls)"
        >
          <Table size="small" stickyHeader aria-label="Orders to release">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Account</TableCell>
                <TableCell>Shipper</TableCell>
                <TableCell>Ship date</TableCell>
                <TableCell align="right">Lines</TableCell>
                <TableCell align="right">Units</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.orders.map((order) => (
                <TableRow key={order.order_id}>
                  <TableCell component="th" scope="row">
                    {order.order_number}{' '}
                    {order.priority === 'urgent' && <Chip size="small" color="error" label="Urgent" />}{' '}
                    {order.partial && <Chip size="small" color="warning" variant="outlined" label="Partial" />}
                  </TableCell>
                  <TableCell>{order.account.name}</TableCell>
                  <TableCell>{order.shipper?.name ?? '—'}</TableCell>
                  <TableCell>{order.ship_date ?? '—'}</TableCell>
                  <TableCell align="right">{order.lines}</TableCell>
                  <TableCell align="right">
                    {order.partial ? `${order.allocated_units} of ${order.units}` : order.units}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {preview.unreleasable.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Cannot be released ({preview.unreleasable.length})
          </Typography>
          <TableContainer
            sx={{ overflowX: 'auto', maxHeight: 300 }}
            tabIndex={0}
            role="region"
            aria-label="Orders that cannot be released (scrolls)"
          >
            <Table size="small" stickyHeader aria-label="Orders that cannot be released">
              <TableHead>
                <TableRow>
                  <TableCell>Order</TableCell>
                  <TableCell>Why</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.unreleasable.map((order) => (
                  <TableRow key={order.order_id}>
                    <TableCell component="th" scope="row">
                      {order.order_number}
                    </TableCell>
                    <TableCell>
                      <strong>{UNRELEASABLE_REASON_LABELS[order.reason]}</strong>
                      {order.message && order.message !== UNRELEASABLE_REASON_LABELS[order.reason] && (
                        <> — {order.message}</>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Stack>
  );
}
