import { Chip, Link, Stack } from '@mui/material';
import type { Order } from '@wms/contract/orders';
import { Link as RouterLink } from 'react-router';

/**
 * The order number linking to the order, and an "Urgent" chip under it for urgent orders (released into waves
 * first: the floor sees why this one jumped the queue). Under, not beside: the table column and the phone card keep
 * the number's width.
 */
export function OrderNumber({ order }: { order: Pick<Order, 'id' | 'order_number' | 'priority'> }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Link
        component={RouterLink}
        to={`/orders/${order.id}`}
        underline="hover"
        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {order.order_number}
      </Link>
      {order.priority === 'urgent' && <Chip size="small" color="error" variant="outlined" label="Urgent" />}
    </Stack>
  );
}
