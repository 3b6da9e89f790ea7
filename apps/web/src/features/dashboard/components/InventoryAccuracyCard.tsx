import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { inventoryAccuracyQuery } from '../api';

/**
 * Inventory accuracy: the share of counted lines without a variance in the cycle counts approved in
 * the last 30 days, over every warehouse the user reaches; links to the counts.
 */
export function InventoryAccuracyCard() {
  const accuracy = useQuery(inventoryAccuracyQuery());
  const figure = accuracy.data
    ? accuracy.data.accuracy === null
      ? 'No counts'
      : `${(accuracy.data.accuracy * 100).toFixed(1)}%`
    : undefined;
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={Link} to="/cycle-counts" sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Stack sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
              <FactCheckOutlined />
            </Stack>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" component="h2">
                Inventory Accuracy
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {figure ?? <Skeleton width={48} />}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {accuracy.data
                  ? `${accuracy.data.lines_accurate} of ${accuracy.data.lines_counted} counted lines right, last ${accuracy.data.days} days`
                  : 'Cycle counts, last 30 days'}
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
