import { Box, Card, CardContent, Typography } from '@mui/material';
import type { OrderDetail } from '@wms/contract/orders';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { formatShipDate } from '../format-ship-date';

/** The order's own facts (spec 2 §3 Order). */
export function OrderDetailsCard({ order }: { order: OrderDetail }) {
  const facts: [string, ReactNode][] = [
    ['Order ID', order.order_id || 'N/A'],
    ['Customer', order.customer_name],
    ['Account', order.account.name],
    ['Warehouse', `${order.warehouse.name} (${order.warehouse.code})`],
    ['Shipper', order.shipper?.name ?? 'No shipper'],
    ['Created by', order.user?.name ?? '—'],
    ['Ship date', formatShipDate(order.ship_date)],
    ['Created', formatDateTime(order.created_at)],
    ['Shipped', order.shipped_at ? formatDateTime(order.shipped_at) : '—'],
    ['Total weight', order.formatted_total_weight],
    ['Merge item', order.merge_item?.title ?? '—'],
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Order Details
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'auto 1fr', md: 'auto 1fr auto 1fr' },
            columnGap: 2,
            rowGap: 1,
            m: 0,
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {order.notes && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color="text.secondary">
              Notes
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {order.notes}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
