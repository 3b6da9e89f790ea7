import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ALLOCATION_RULE_LABELS, LOT_RULE_LABELS, type PickTask } from '@wms/contract/waves';

const STATUS_COLOR = {
  open: 'default',
  picked: 'success',
  short: 'error',
  skipped: 'warning',
  cancelled: 'default',
  done: 'success',
} as const;

/** Why the allocation chose this location and lot: the rule's tier, the lot rule, and the server's words. */
export function taskWhy(task: Pick<PickTask, 'allocation_rule' | 'lot_rule' | 'reason'>): string {
  const parts = [ALLOCATION_RULE_LABELS[task.allocation_rule]];
  if (task.lot_rule) parts.push(LOT_RULE_LABELS[task.lot_rule]);
  const known = parts.join(' · ');
  return task.reason && !parts.includes(task.reason) ? `${known} — ${task.reason}` : known;
}

/** The wave's tasks in walk order, with the "why" of each allocation and which order (or tote) gets the units. */
export function WaveTasksTable({ tasks, showTotes }: { tasks: readonly PickTask[]; showTotes: boolean }) {
  if (tasks.length === 0) return <Typography color="text.secondary">No tasks.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Pick tasks (scrolls)">
      <Table size="small" aria-label="Pick tasks in walk order">
        <TableHead>
          <TableRow>
            <TableCell align="right">#</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Product</TableCell>
            <TableCell>Lot</TableCell>
            <TableCell align="right">Picked / qty</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Why</TableCell>
            <TableCell>{showTotes ? 'Totes' : 'Orders'}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.map((task) => (
            <TableRow key={task.id}>
              <TableCell align="right">{task.sequence}</TableCell>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {task.location.code}
              </TableCell>
              <TableCell>
                <strong>{task.product.sku}</strong>
                <Typography variant="body2" color="text.secondary">
                  {task.product.name}
                </Typography>
              </TableCell>
              <TableCell>
                {task.lot ? (
                  <>
                    {task.lot.code}
                    {task.lot.expiry_date && (
                      <Typography variant="body2" color="text.secondary">
                        exp. {task.lot.expiry_date}
                      </Typography>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell align="right">
                {task.quantity_picked} / {task.quantity}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[task.status]}
                  label={task.kind === 'put_back' ? `Put back · ${task.status}` : task.status}
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>{taskWhy(task)}</TableCell>
              <TableCell>
                {task.orders.map((entry) => (
                  <Typography key={entry.order_item_id} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {entry.quantity} →{' '}
                    {showTotes && entry.tote ? `tote ${entry.tote} (${entry.order_number})` : entry.order_number}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
