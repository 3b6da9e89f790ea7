import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { Dashboard } from '@wms/contract/dashboard';
import { statusLabel } from '@wms/contract/status-labels';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { SectionCard } from './SectionCard';

export function RecentOrders({ orders }: { orders: Dashboard['orders']['recent_orders'] }) {
  return (
    <SectionCard title="Recent Orders" action={{ label: 'View All', to: '/orders' }}>
      {orders.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No orders yet.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {orders.map((order) => (
            <Stack component="li" key={order.id} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <MuiLink component={Link} to={`/orders/${order.id}`} sx={{ fontWeight: 600 }}>
                  {order.order_number}
                </MuiLink>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {order.account.name} · {formatDate(order.created_at)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexShrink: 0 }}>
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: order.status_color }} aria-hidden />
                <Typography variant="body2">{statusLabel(order.status)}</Typography>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
