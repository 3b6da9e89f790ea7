import { Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LoadingState } from '../../../components/LoadingState';
import { StockPlacesTable } from '../../../components/StockPlacesTable';
import { productLocationsQueryOptions } from '../api';

/** Where a product lies in each warehouse the user sees; staff with `view locations` only. */
export function ProductLocationsCard({ productId }: { productId: number }) {
  const places = useQuery(productLocationsQueryOptions(productId));
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">Locations</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Where the product lies in each warehouse, in the order picking takes it.
        </Typography>
        {places.isError ? (
          <Typography color="error">Failed to load locations</Typography>
        ) : !places.data ? (
          <LoadingState label="Loading locations…" />
        ) : places.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No units on hand in any warehouse.
          </Typography>
        ) : (
          <StockPlacesTable
            label="Product locations"
            groupHeader="Warehouse"
            rows={places.data.map((place) => ({
              key: `${place.inventory_id}:${place.location.id}:${place.lot?.id ?? ''}`,
              group: place.warehouse.code,
              ...place,
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}
