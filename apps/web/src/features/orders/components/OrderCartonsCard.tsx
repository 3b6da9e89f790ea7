import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ssccText } from '@wms/contract/gs1';
import { orderCartonsQuery } from '../api';
import { TrackingNumber } from './TrackingNumber';

const weightText = (grams: number | null) =>
  grams === null ? null : grams < 1000 ? `${grams} g` : `${(grams / 1000).toLocaleString('en-US')} kg`;

/**
 * The parcels of a packed order, for staff and the order's client alike: each carton's SSCC, weight, carrier and
 * tracking number, and what it holds. Nothing shows before the first carton.
 */
export function OrderCartonsCard({ orderId }: { orderId: number }) {
  const cartons = useQuery(orderCartonsQuery(orderId));
  if (!cartons.data || cartons.data.length === 0) return null;
  return (
    <Card component="section" aria-label="Parcels">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Parcels
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {cartons.data.map((carton) => (
            <Box
              component="li"
              key={carton.id}
              data-testid="order-carton"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography sx={{ fontWeight: 600 }}>
                  Carton {carton.number} of {cartons.data.length}
                </Typography>
                <Chip
                  size="small"
                  label={carton.status === 'shipped' ? 'Shipped' : carton.status === 'closed' ? 'Closed' : 'Packing'}
                />
                {weightText(carton.weight_g) && (
                  <Typography variant="body2" color="text.secondary">
                    {weightText(carton.weight_g)}
                  </Typography>
                )}
              </Stack>
              {carton.tracking_number && (
                <Typography variant="body2">
                  Tracking <TrackingNumber value={carton.tracking_number} />
                  {carton.carrier ? ` (${carton.carrier})` : ''}
                </Typography>
              )}
              {carton.sscc && (
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  SSCC {ssccText(carton.sscc)}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {carton.items
                  .map((item) => `${item.quantity} × ${item.sku}${item.lot_number ? ` (lot ${item.lot_number})` : ''}`)
                  .join(', ')}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
