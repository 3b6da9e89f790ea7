import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { ShipmentStatistics } from '@wms/contract/shipments';
import type { ReactNode } from 'react';

const CARDS: { key: keyof ShipmentStatistics; label: string; icon: ReactNode; color: string }[] = [
  { key: 'total_shipments', label: 'Total Shipments', icon: <LocalShippingOutlinedIcon />, color: 'primary.main' },
  { key: 'pending_shipments', label: 'Pending', icon: <HourglassEmptyIcon />, color: 'warning.main' },
  { key: 'verified_shipments', label: 'Verified', icon: <CheckCircleOutlineIcon />, color: 'success.main' },
  { key: 'rejected_shipments', label: 'Rejected', icon: <CancelOutlinedIcon />, color: 'error.main' },
];

/** The list's four statistic cards (spec 2 §2); a failed load shows zeros, like the orders statistics. */
export function ShipmentStatCards({ statistics, loading }: { statistics?: ShipmentStatistics; loading: boolean }) {
  return (
    <Box
      component="section"
      aria-label="Shipment statistics"
      sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
    >
      {CARDS.map((card) => (
        <Card key={card.key}>
          <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Box sx={{ color: card.color, display: 'flex' }} aria-hidden>
                {card.icon}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                  {loading ? <Skeleton width={40} /> : (statistics?.[card.key] ?? 0).toLocaleString()}
                </Typography>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
