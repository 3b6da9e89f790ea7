import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { PickTask, WaveDetail } from '@wms/contract/waves';
import { Link as RouterLink } from 'react-router';
import { NO_WRAP } from '../table-style';

const REASON = { empty: 'Empty', damaged: 'Damaged', not_found: 'Not found' } as Record<string, string>;

/** Every short pick of these waves, newest first: the supervisor decides what becomes of the missing units. */
export function shortPicks(waves: readonly WaveDetail[]): { wave: WaveDetail; task: PickTask }[] {
  return waves
    .flatMap((wave) => wave.tasks.filter((task) => task.status === 'short').map((task) => ({ wave, task })))
    .sort((a, b) => (b.task.picked_at ?? '').localeCompare(a.task.picked_at ?? ''));
}

export function ShortPicksTable({ waves }: { waves: readonly WaveDetail[] }) {
  const rows = shortPicks(waves);
  if (rows.length === 0) return <Typography color="text.secondary">No short pick in the waves in progress.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Short picks (scrolls)">
      <Table size="small" sx={NO_WRAP} aria-label="Short picks">
        <TableHead>
          <TableRow>
            <TableCell>Wave</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Product</TableCell>
            <TableCell align="right">Found / asked</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Orders</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ wave, task }) => (
            <TableRow key={task.id}>
              <TableCell>
                <Link component={RouterLink} to={`/waves/${wave.id}`}>
                  {wave.number}
                </Link>
              </TableCell>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                {task.location.code}
              </TableCell>
              <TableCell>{task.product.sku}</TableCell>
              <TableCell align="right">
                {task.quantity_picked} / {task.quantity}
              </TableCell>
              <TableCell>{REASON[task.short_reason ?? ''] ?? task.short_reason ?? '—'}</TableCell>
              <TableCell>{task.orders.map((entry) => entry.order_number).join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
