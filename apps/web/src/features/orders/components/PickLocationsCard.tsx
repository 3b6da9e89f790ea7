import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PickSuggestion } from '@wms/contract/location-stock';
import { LoadingState } from '../../../components/LoadingState';
import { StockPlacesTable } from '../../../components/StockPlacesTable';
import { api } from '../../../lib/api/client';

/**
 * For each item still to ship, the location(s) to take it from: the order shipping takes stock in
 * (pick locations, then storage, by walk order; UNASSIGNED last; never quarantine). Staff with `view locations`.
 */
export function PickLocationsCard({ orderId }: { orderId: number }) {
  const picks = useQuery({
    queryKey: ['orders', 'pick-locations', orderId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: PickSuggestion[] }>(`/orders/${orderId}/pick-locations`, {
          signal,
          bypass_default: true,
          notifyOnError: false,
        })
        .then((answer) => answer.data),
  });
  if (picks.data && picks.data.length === 0) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          Pick Locations
        </Typography>
        {picks.isError ? (
          <Typography color="error">Failed to load pick locations</Typography>
        ) : !picks.data ? (
          <LoadingState label="Loading pick locations…" />
        ) : (
          picks.data.map((item) => (
            <Box key={item.order_item_id} sx={{ mb: 2 }}>
              <Typography variant="subtitle2" sx={{ fontFamily: 'monospace' }}>
                {item.sku} · {item.quantity.toLocaleString()} to pick
              </Typography>
              {item.takes.length > 0 && (
                <StockPlacesTable
                  label={`Pick locations of ${item.sku}`}
                  quantityHeader="Take"
                  rows={item.takes.map((take) => ({
                    key: `${take.location.id}:${take.lot?.id ?? ''}`,
                    ...take,
                  }))}
                />
              )}
              {item.short > 0 && (
                <Typography variant="body2" color="warning.dark">
                  {item.short.toLocaleString()} not in stock
                </Typography>
              )}
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}
