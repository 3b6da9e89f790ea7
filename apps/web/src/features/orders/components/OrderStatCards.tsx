import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { OrderStatistics } from '@wms/contract/orders';
import type { ReactNode } from 'react';

const CARDS: {
  key: keyof OrderStatistics;
  label: string;
  icon: ReactNode;
  color: 'primary' | 'warning' | 'info' | 'success';
}[] = [
  { key: 'total_orders', label: 'Total Orders', icon: <ReceiptLongOutlinedIcon />, color: 'primary' },
  { key: 'pending_orders', label: 'Pending', icon: <HourglassEmptyIcon />, color: 'warning' },
  { key: 'processing_orders', label: 'Processing', icon: <LocalShippingOutlinedIcon />, color: 'info' },
  { key: 'shipped_orders', label: 'Shipped', icon: <CheckCircleOutlineIcon />, color: 'success' },
];

/** Spec 2 §2: four stat cards (total, pending, processing, shipped); the query answers zeros on failure. */
export function OrderStatCards({ statistics }: { statistics: OrderStatistics | undefined }) {
  return (
    <Box
      role="group"
      aria-label="Order statistics"
      sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
    >
      {CARDS.map((card) => (
        <Card key={card.key}>
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Box
                sx={(theme) => ({
                  width: 40,
                  height: 40,
                  borderRadius: 1,
                  display: { xs: 'none', sm: 'grid' },
                  placeItems: 'center',
                  flexShrink: 0,
                  color: `${card.color}.dark`,
                  bgcolor: alpha(theme.palette[card.color].main, 0.12),
                })}
              >
                {card.icon}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`stat-${card.key}`}>
                  {statistics ? statistics[card.key].toLocaleString() : <Skeleton width={48} />}
                </Typography>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
