import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import type { OrderDetail } from '@wms/contract/orders';

/** Quick stats: units ordered, verified and shipped, lines and labels. */
export function OrderQuickStats({ order }: { order: OrderDetail }) {
  const verified = order.order_items.reduce((sum, item) => sum + Math.min(item.verified_quantity, item.quantity), 0);
  const share = order.items_count > 0 ? Math.round((verified / order.items_count) * 100) : 0;
  const stats: [string, string][] = [
    ['Units', order.items_count.toLocaleString()],
    ['Verified', `${verified.toLocaleString()} of ${order.items_count.toLocaleString()}`],
    ['Shipped', order.shipped_items_count.toLocaleString()],
    ['Products', order.lines_count.toLocaleString()],
    ['Labels', order.shipment_labels.length.toLocaleString()],
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Quick Stats
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1 }}>
          {stats.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, textAlign: 'right' }}
                data-testid={`quick-${label.toLowerCase()}`}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <LinearProgress
          variant="determinate"
          value={share}
          color={share === 100 ? 'success' : 'primary'}
          sx={{ mt: 2, height: 8, borderRadius: 4 }}
          aria-label={`${share}% of units verified`}
        />
      </CardContent>
    </Card>
  );
}
