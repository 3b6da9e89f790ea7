import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Paper,
  Skeleton,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState';
import { type WarehouseRow, warehouseStatisticsQuery } from '../api';

interface Figure {
  label: string;
  value: number | null;
  hint?: string;
}

const number = new Intl.NumberFormat();

/** GET /api/warehouses/{id}/statistics: what an operator wants to know about one warehouse at a glance. */
export function WarehouseStatisticsDialog({
  warehouse,
  open,
  onClose,
}: {
  warehouse: WarehouseRow;
  open: boolean;
  onClose: () => void;
}) {
  const stats = useQuery(warehouseStatisticsQuery(warehouse.id));
  const figures: Figure[] = stats.data
    ? [
        ...(stats.data.users_count === null ? [] : [{ label: 'Assigned users', value: stats.data.users_count }]),
        {
          label: 'Accounts',
          value: stats.data.accounts_count,
          hint: `${number.format(stats.data.active_accounts_count)} active`,
        },
        { label: 'Products in stock', value: stats.data.products_count },
        { label: 'Units on hand', value: stats.data.units_on_hand },
        { label: 'Units reserved', value: stats.data.units_reserved },
        { label: 'Units available', value: stats.data.units_available },
      ]
    : [];

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        Warehouse Statistics
        <Typography variant="body2" color="text.secondary">
          {warehouse.name} ({warehouse.code})
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {stats.isError && <ErrorState message="Failed to load statistics" onRetry={() => void stats.refetch()} />}
        <Grid container spacing={2}>
          {stats.isPending &&
            Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <Grid key={index} size={{ xs: 6, sm: 4 }}>
                <Skeleton variant="rounded" height={84} />
              </Grid>
            ))}
          {figures.map((figure) => (
            <Grid key={figure.label} size={{ xs: 6, sm: 4 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }} role="group" aria-label={figure.label}>
                <Typography variant="caption" color="text.secondary">
                  {figure.label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                  {figure.value === null ? '—' : number.format(figure.value)}
                </Typography>
                {figure.hint && (
                  <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                    {figure.hint}
                  </Box>
                )}
              </Paper>
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
