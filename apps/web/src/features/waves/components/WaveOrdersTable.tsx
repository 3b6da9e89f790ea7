import { Button, Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { WaveOrder } from '@wms/contract/waves';
import { Link as RouterLink } from 'react-router';
import { NO_WRAP } from '../table-style';

const STATE_LABEL = { in_wave: 'In wave', picked: 'Picked', removed: 'Removed', cancelled: 'Cancelled' } as const;

/** The wave's orders in cart order: tote (cluster), units picked of allocated, and how far each is. */
export function WaveOrdersTable({
  orders,
  showTotes,
  onRemove,
}: {
  orders: readonly WaveOrder[];
  showTotes: boolean;
  /** Given when the caller may take an order out of a live wave: a Remove button on each order still in it. */
  onRemove?: (order: WaveOrder) => void;
}) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Wave orders (scrolls)">
      <Table size="small" sx={NO_WRAP} aria-label="Orders of the wave">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Account</TableCell>
            {showTotes && <TableCell>Tote</TableCell>}
            <TableCell align="right">Picked / allocated</TableCell>
            <TableCell>State</TableCell>
            {onRemove && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.order_id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`/orders/${order.order_id}`}>
                  {order.order_number}
                </Link>{' '}
                {order.priority === 'urgent' && <Chip size="small" color="error" label="Urgent" />}
              </TableCell>
              <TableCell>{order.customer_name}</TableCell>
              <TableCell>{order.account.name}</TableCell>
              {showTotes && <TableCell>{order.tote ?? '—'}</TableCell>}
              <TableCell align="right">
                {order.units_picked} / {order.units_allocated}
                {order.units_allocated < order.units && ` (of ${order.units})`}
              </TableCell>
              <TableCell>{STATE_LABEL[order.state]}</TableCell>
              {onRemove && (
                <TableCell>
                  {(order.state === 'in_wave' || order.state === 'picked') && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRemove(order)}
                      aria-label={`Remove ${order.order_number} from the wave`}
                    >
                      Remove
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
